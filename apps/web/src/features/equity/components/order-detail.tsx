import { parseAmount } from '@minecloud/contract/amount';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type ClaimAsset, useClaimEarnings } from '@/api/claim-earnings';
import { ClaimButton } from '@/components/claim-button';
import { ErrorState } from '@/components/error-state';
import { useLocale } from '@/lib/locale';
import { useMoneyText } from '@/lib/money-text';
import { type EquityOrderDetail, useEquityOrder } from '../api/get-equity-order';
import { equityKeys } from '../api/query-keys';
import { usdtShort } from '../lib/shares';

/** Which close priced a day's BTC part: an exchange's, the demo feed's, or the configured fallback. */
const PRICE_SOURCE_TEXT = {
  market: 'equityPriceMarket',
  simulated: 'equityPriceSimulated',
  fallback: 'equityPriceFallback',
} as const;

import { OrderFigures, OrderHeading } from './equity-order-card';
import './equity-order-card.css';
import './order-detail.css';

function unitsOf(value: string, asset: ClaimAsset): bigint {
  const parsed = parseAmount(value, asset);
  return parsed.ok ? parsed.units : 0n;
}

/** USDT amounts short (every place of one too small for 2) and BTC amounts with all 8 places, grouped. */
function useEarningTexts() {
  const locale = useLocale();
  const money = useMoneyText();
  return { usdt: (value: string) => usdtShort(value, locale), btc: (value: string) => money(value, 'BTC') };
}

function StaticEarnings({ order }: { order: EquityOrderDetail }) {
  const { t } = useTranslation();
  const text = useEarningTexts();
  return (
    <section className="equity-detail__panel" aria-labelledby="equity-detail-earned-title">
      <h2 id="equity-detail-earned-title" className="equity-detail__title">
        {t('equityStaticTotal')}
      </h2>
      <dl className="equity-detail__pair">
        <div>
          <dt>U</dt>
          <dd data-testid="equity-detail-total-u">{text.usdt(order.totalStaticU)}</dd>
        </div>
        <div>
          <dt>BTC</dt>
          <dd data-testid="equity-detail-total-btc">{text.btc(order.totalStaticBtc)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Claimable({ order }: { order: EquityOrderDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const text = useEarningTexts();
  const claim = useClaimEarnings();
  // The claim refreshes the money views; this order's copy of the claimable amounts is refreshed here.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: equityKeys.order(order.id) });
  const rows = [
    { asset: 'USDT' as const, unit: 'U', value: text.usdt(order.availableStaticU), raw: order.availableStaticU },
    { asset: 'BTC' as const, unit: 'BTC', value: text.btc(order.availableStaticBtc), raw: order.availableStaticBtc },
  ];
  return (
    <section className="equity-detail__panel" aria-labelledby="equity-detail-claim-title">
      <h2 id="equity-detail-claim-title" className="equity-detail__title">
        {t('equityStaticAvailable')}
      </h2>
      <ul className="equity-detail__claims">
        {rows.map((row) => (
          <li key={row.asset}>
            <span className="equity-detail__claim-amount">
              <strong data-testid={`equity-detail-available-${row.asset}`}>{row.value}</strong> {row.unit}
            </span>
            <ClaimButton asset={row.asset} claim={claim} claimable={unitsOf(row.raw, row.asset)} onClaimed={refresh} />
          </li>
        ))}
      </ul>
      <p className="equity-detail__note">{t('equityClaimNote')}</p>
    </section>
  );
}

function RecentDays({ days }: { days: EquityOrderDetail['days'] }) {
  const { t } = useTranslation();
  const text = useEarningTexts();
  const money = useMoneyText();
  return (
    <section className="equity-detail__panel" aria-labelledby="equity-detail-days-title">
      <h2 id="equity-detail-days-title" className="equity-detail__title">
        {t('equityRecentDays')}
      </h2>
      {days.length === 0 ? (
        <p className="equity-detail__empty" data-testid="equity-detail-days-empty">
          {t('equityNoDaysYet')}
        </p>
      ) : (
        <ul className="equity-detail__days" data-testid="equity-detail-days">
          {days.map((day) => (
            <li key={day.day} className="equity-day" data-testid={`equity-day-${day.day}`}>
              <div className="equity-day__top">
                <time dateTime={day.day} className="equity-day__date">
                  {day.day}
                </time>
                <span className="equity-day__amounts">
                  <span data-testid="equity-day-u">+{text.usdt(day.usdt)} U</span>
                  <span data-testid="equity-day-btc">+{text.btc(day.btc)} BTC</span>
                </span>
              </div>
              <p className="equity-day__price">
                <span>
                  {t('equityBtcPrice')} <span data-testid="equity-day-price">{money(day.btcPrice)} U</span>
                </span>
                <span
                  className={`equity-day__source equity-day__source--${day.priceSource}`}
                  data-testid="equity-day-price-source"
                >
                  {t(PRICE_SOURCE_TEXT[day.priceSource])}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One share order: its figures, what it has earned, what the member can claim, and its recent days. */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const detail = useEquityOrder(id);
  if (detail.data === undefined) {
    if (detail.isPending) {
      return (
        <div className="equity-detail" data-testid="equity-detail-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    return (
      <div className="equity-detail">
        <ErrorState
          message={t('equityOrderFailed')}
          onRetry={() => void detail.refetch()}
          testId="equity-detail-error"
        />
        <Button fill="none" color="primary" onClick={onBack} data-testid="equity-detail-back">
          {t('equityBackToOrders')}
        </Button>
      </div>
    );
  }
  const order = detail.data;
  return (
    <div className="equity-detail" data-testid="equity-order-detail">
      <article className="equity-order" aria-labelledby="equity-detail-title">
        <OrderHeading order={order} titleId="equity-detail-title" />
        <OrderFigures order={order} />
      </article>
      <StaticEarnings order={order} />
      <Claimable order={order} />
      <RecentDays days={order.days} />
    </div>
  );
}
