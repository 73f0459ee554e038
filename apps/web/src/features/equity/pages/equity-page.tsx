import type { EquityRound } from '@minecloud/contract/equity';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { Icon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useIsLoggedIn } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useEquityRound } from '../api/get-equity-round';
import { BuySharesSheet } from '../components/buy-shares-sheet';
import { ReinvestSheet } from '../components/reinvest-sheet';
import { RoundCard } from '../components/round-card';
import { YieldChart } from '../components/yield-chart';
import { isSoldOut } from '../lib/shares';
import '@/components/state-block.css';
import './equity-page.css';

type SheetKind = 'buy' | 'reinvest';

function OrdersLink() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <button
      type="button"
      className="plain-button equity-page__link"
      onClick={() => go(paths.equityOrder.href())}
      data-testid="equity-go-orders"
    >
      <Icon name="equity" size={20} />
      <span>{t('equityMyOrders')}</span>
      <span aria-hidden="true">›</span>
    </button>
  );
}

function NoOpenRound() {
  const { t } = useTranslation();
  return (
    <section className="state-block" data-testid="equity-empty">
      <svg className="state-block__art" viewBox="0 0 120 96" aria-hidden="true">
        <circle cx="60" cy="44" r="32" fill="#13214a" stroke="#19c37d" strokeWidth="2" />
        <path d="M60 12v32h32" fill="none" stroke="#19c37d" strokeWidth="3" strokeLinecap="round" />
        <path d="M42 90h36" stroke="#9aa8c7" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 className="state-block__title">{t('equityNoRoundTitle')}</h2>
      <p className="state-block__text">{t('equityNoRoundDescription')}</p>
    </section>
  );
}

/** How static earnings are paid, from the round's own terms. */
function EarningsRules({ round }: { round: EquityRound }) {
  const { t } = useTranslation();
  return (
    <section className="equity-page__rules" aria-labelledby="equity-rules-title">
      <h2 id="equity-rules-title" className="equity-page__rules-title">
        {t('equityRulesTitle')}
      </h2>
      <ul>
        <li>{t('equityRuleDaily')}</li>
        <li>{t('equityRuleSplit', { pct: round.btcSharePct })}</li>
        <li>{t('equityRuleTerm', { count: round.termDays })}</li>
      </ul>
    </section>
  );
}

/** Equity Investment: the open round, buying and reinvesting shares, and the way to the member's orders. */
export default function EquityPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const location = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const round = useEquityRound();
  // The sheet keeps its kind while it slides away; each opening starts a fresh form.
  const [sheet, setSheet] = useState<{ kind: SheetKind; opening: number } | null>(null);
  const [open, setOpen] = useState(false);

  const start = (kind: SheetKind) => {
    if (!isLoggedIn) {
      go(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
      return;
    }
    setSheet((previous) => ({ kind, opening: (previous?.opening ?? 0) + 1 }));
    setOpen(true);
  };
  const goOrders = () => {
    setOpen(false);
    go(paths.equityOrder.href());
  };

  if (round.data === undefined) {
    if (round.isPending) {
      return (
        <div className="equity-page" data-testid="equity-loading">
          <Skeleton animated className="equity-page__skeleton" />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      );
    }
    return <ErrorState message={t('equityRoundFailed')} onRetry={() => void round.refetch()} testId="equity-error" />;
  }

  const current = round.data;
  const soldOut = current !== null && isSoldOut(current);
  return (
    <div className="equity-page">
      {current === null ? (
        <NoOpenRound />
      ) : (
        <>
          <RoundCard round={current} />
          <div className="equity-page__actions">
            <Button
              color="primary"
              size="large"
              disabled={soldOut}
              onClick={() => start('buy')}
              data-testid="equity-buy"
            >
              {t(soldOut ? 'equitySoldOut' : 'equityBuy')}
            </Button>
            <Button
              color="primary"
              fill="outline"
              size="large"
              disabled={soldOut}
              onClick={() => start('reinvest')}
              data-testid="equity-reinvest"
            >
              {t('equityReinvest')}
            </Button>
            <Button
              fill="outline"
              className="equity-page__secondary"
              onClick={() => showToast(t(current.tradingOpen ? 'notYetOpen' : 'equityTradingInDevelopment'))}
              data-testid="equity-trade"
            >
              {t('equityTrade')}
            </Button>
            <Button
              fill="outline"
              className="equity-page__secondary"
              onClick={() => showToast(t(current.repurchaseOpen ? 'notYetOpen' : 'equityRepurchaseNotOpen'))}
              data-testid="equity-repurchase"
            >
              {t('equityRepurchase')}
            </Button>
          </div>
        </>
      )}
      <OrdersLink />
      {isLoggedIn && <YieldChart />}
      {current && <EarningsRules round={current} />}
      {/* Outside the round's branch: a round closing under an open sheet says so in the sheet. */}
      {isLoggedIn && sheet?.kind === 'buy' && (
        <BuySharesSheet
          round={current}
          formKey={sheet.opening}
          visible={open}
          onClose={() => setOpen(false)}
          onOrders={goOrders}
        />
      )}
      {isLoggedIn && sheet?.kind === 'reinvest' && (
        <ReinvestSheet
          round={current}
          formKey={sheet.opening}
          visible={open}
          onClose={() => setOpen(false)}
          onOrders={goOrders}
        />
      )}
    </div>
  );
}
