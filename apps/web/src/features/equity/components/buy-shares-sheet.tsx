import { truncateDecimals } from '@minecloud/contract/amount';
import type { EquityRound } from '@minecloud/contract/equity';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { BottomSheet } from '@/components/bottom-sheet';
import { PurchaseSummary } from '@/components/purchase-summary';
import { QuantityStepper } from '@/components/quantity-stepper';
import { confirmDialog } from '@/lib/dialog';
import { type BuySharesAnswer, useBuyShares } from '../api/buy-shares';
import {
  type BuyProblem,
  checkShareBuy,
  minimumShares,
  sharesCost,
  usdtFull,
  usdtText,
  usdtUnits,
} from '../lib/shares';
import { ShareResult } from './share-result';
import './share-sheet.css';

function useProblemText() {
  const { t } = useTranslation();
  return (problem: BuyProblem): string => {
    switch (problem.reason) {
      case 'noRound':
        return t('equityNoRound');
      case 'noQuantity':
        return t('equityQuantityRequired');
      case 'belowMinimum':
        return t('equityBelowMinimum', { n: problem.min });
      case 'aboveRemaining':
        return t('equityAboveRemaining', { n: problem.max });
      case 'insufficient':
        return t('amountInsufficient');
    }
  };
}

function AvailableUsdt() {
  const { t } = useTranslation();
  const balances = useBalances();
  let shown: ReactNode;
  if (balances.isPending) shown = '…';
  else if (balances.isError) {
    shown = (
      <button
        type="button"
        className="plain-button share-sheet__retry"
        onClick={() => void balances.refetch()}
        data-testid="share-buy-available-retry"
      >
        {t('listError')} {t('listRetry')}
      </button>
    );
  } else shown = `${truncateDecimals(balances.data.USDT.available, 2)} USDT`;
  return (
    <p className="share-sheet__available">
      {t('availableBalance')} <strong data-testid="share-buy-available">{shown}</strong>
    </p>
  );
}

type BuyFormProps = { round: EquityRound | null; onPaid: (answer: BuySharesAnswer) => void };

function BuyForm({ round, onPaid }: BuyFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const balances = useBalances();
  const buy = useBuyShares();
  const [quantity, setQuantity] = useState(() => (round ? String(minimumShares(round)) : ''));
  // Problems show once the member has tried to buy, then follow every change.
  const [tried, setTried] = useState(false);

  const checked = checkShareBuy(round, quantity, usdtUnits(balances.data?.USDT.available));
  const error = tried && !checked.ok ? problemText(checked) : null;
  const total = round && quantity ? sharesCost(round.pricePerShare, Number(quantity)) : null;

  async function submit() {
    setTried(true);
    if (!checked.ok || !round || buy.isPending) return;
    const confirmed = await confirmDialog({
      content: (
        <PurchaseSummary
          title={t('equityConfirmTitle')}
          rows={[
            {
              label: t('equityQuantity'),
              value: t('equityShares', { n: checked.quantity }),
              testId: 'share-buy-confirm-quantity',
            },
            {
              label: t('equityPricePerShare'),
              value: `${usdtFull(round.pricePerShare)} U`,
              testId: 'share-buy-confirm-price',
            },
            { label: t('equityTotal'), value: `${usdtText(checked.total)} USDT`, testId: 'share-buy-confirm-total' },
          ]}
        />
      ),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    buy.mutate({ quantity: checked.quantity }, { onSuccess: onPaid });
  }

  return (
    <form
      className="share-sheet__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="share-buy-form"
    >
      {round ? (
        <p className="share-sheet__terms">
          <span>
            {t('equityPricePerShare')} <strong data-testid="share-buy-price">{usdtFull(round.pricePerShare)} U</strong>
          </span>
          <span>
            {t('equityAnnualYield')} <strong>{round.annualYieldPct}%</strong>
          </span>
          <span>
            {t('equityTerm')} <strong>{t('equityDays', { n: round.termDays })}</strong>
          </span>
        </p>
      ) : (
        <p className="share-sheet__hint">{t('equityNoRound')}</p>
      )}
      <div className="share-sheet__field">
        <label className="share-sheet__label" htmlFor="share-buy-quantity">
          {t('equityQuantity')}
        </label>
        <QuantityStepper
          id="share-buy-quantity"
          value={quantity}
          onChange={setQuantity}
          min={round ? minimumShares(round) : 1}
          max={round ? Math.max(round.sharesRemaining, minimumShares(round)) : 1}
          invalid={Boolean(error)}
          describedBy={error ? 'share-buy-quantity-error' : undefined}
          testId="share-buy-quantity"
        />
        {round && (
          <p className="share-sheet__hint">
            {t('equityMinimum', { n: minimumShares(round) })} · {t('equityRemaining')}{' '}
            {t('equityShares', { n: round.sharesRemaining })}
          </p>
        )}
        {error && (
          <p id="share-buy-quantity-error" className="share-sheet__error" role="alert" data-testid="share-buy-error">
            {error}
          </p>
        )}
      </div>
      <div className="share-sheet__total">
        <span>{t('equityTotal')}</span>
        <strong data-testid="share-buy-total">{total === null ? '--' : usdtText(total)}</strong>
        <span className="share-sheet__unit">USDT</span>
      </div>
      <AvailableUsdt />
      <Button type="submit" color="primary" size="large" block loading={buy.isPending} data-testid="share-buy-submit">
        {t('equityBuyNow')}
      </Button>
    </form>
  );
}

type BuySharesSheetProps = {
  /** The round as it is now (shares left follow a refresh); null once it has closed. */
  round: EquityRound | null;
  /** Changes with each opening, so the form starts afresh. */
  formKey: number;
  visible: boolean;
  onClose: () => void;
  onOrders: () => void;
};

/** Buying shares: how many, what they cost, what the member has; then confirm, pay, and the outcome. */
export function BuySharesSheet({ round, formKey, visible, onClose, onOrders }: BuySharesSheetProps) {
  const { t } = useTranslation();
  const [paid, setPaid] = useState<{ formKey: number; answer: BuySharesAnswer } | null>(null);
  const result = paid?.formKey === formKey ? paid.answer : null;
  return (
    <BottomSheet title={t('equityBuy')} visible={visible} onClose={onClose} testId="share-buy-sheet">
      {result ? (
        <ShareResult
          message={t('equityBuySuccess')}
          rows={[
            {
              label: t('equityQuantity'),
              value: t('equityShares', { n: result.quantity }),
              testId: 'share-buy-success-quantity',
            },
            {
              label: t('equityPayment'),
              value: `${usdtFull(result.payment)} USDT`,
              testId: 'share-buy-success-payment',
            },
          ]}
          onOrders={onOrders}
          onDone={onClose}
          testId="share-buy-success"
        />
      ) : (
        <BuyForm key={formKey} round={round} onPaid={(answer) => setPaid({ formKey, answer })} />
      )}
    </BottomSheet>
  );
}
