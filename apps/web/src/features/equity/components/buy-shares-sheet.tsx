import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { EquityRound } from '@minecloud/contract/equity';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { BottomSheet } from '@/components/bottom-sheet';
import { PurchaseSummary } from '@/components/purchase-summary';
import { QuantityStepper } from '@/components/quantity-stepper';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { parseWholeNumber, type QuantityNote } from '@/lib/quantity';
import { type BuySharesAnswer, useBuyShares } from '../api/buy-shares';
import { type BuyProblem, checkShareBuy, minimumShares, shareBuyLimit, sharesCost, usdtFull } from '../lib/shares';
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
      case 'notWholeNumber':
        return t('quantityWholeNumber');
      case 'belowMinimum':
        return t('equityBelowMinimum', { n: problem.min });
      case 'aboveRemaining':
        return t('equityAboveRemaining', { n: problem.max });
      case 'insufficient':
        return t('amountInsufficient');
    }
  };
}

/** Why the quantity stops where it does: the shares left, or what the balance pays. */
function useLimitText() {
  const { t } = useTranslation();
  return (note: QuantityNote): string => {
    switch (note.reason) {
      case 'stock':
        return t('equityAboveRemaining', { n: note.max });
      case 'balance':
        return t('quantityBalanceLimit', { n: note.max });
      case 'unaffordable':
        return t('amountInsufficient');
    }
  };
}

function AvailableUsdt() {
  const { t } = useTranslation();
  const money = useMoneyText();
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
  } else shown = `${money(balances.data.USDT.available, 'USDT')} USDT`;
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
  const limitText = useLimitText();
  const locale = useLocale();
  const balances = useBalances();
  const buy = useMoneyAction(useBuyShares());
  const [quantity, setQuantity] = useState(() => (round ? String(minimumShares(round)) : ''));
  // Problems show once the member has tried to buy, then follow every change.
  const [tried, setTried] = useState(false);

  const checked = checkShareBuy(round, quantity, usdtUnits(balances.data?.USDT.available));
  // A quantity that is not a whole number is refused at once, while typing.
  const error = !checked.ok && (tried || checked.reason === 'notWholeNumber') ? problemText(checked) : null;
  const typed = parseWholeNumber(quantity);
  const total = round && typed.ok ? sharesCost(round.pricePerShare, typed.value) : null;

  function submit() {
    setTried(true);
    buy.start(
      () =>
        checked.ok &&
        round && {
          body: { quantity: checked.quantity },
          confirm: (
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
                  value: `${usdtFull(round.pricePerShare, locale)} U`,
                  testId: 'share-buy-confirm-price',
                },
                {
                  label: t('equityTotal'),
                  value: `${usdtText(checked.total, locale)} USDT`,
                  testId: 'share-buy-confirm-total',
                },
              ]}
            />
          ),
        },
      { onSuccess: onPaid },
    );
  }

  return (
    <form
      className="share-sheet__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="share-buy-form"
    >
      {round ? (
        <p className="share-sheet__terms">
          <span>
            {t('equityPricePerShare')}{' '}
            <strong data-testid="share-buy-price">{usdtFull(round.pricePerShare, locale)} U</strong>
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
          limit={round ? shareBuyLimit(round, usdtUnits(balances.data?.USDT.available)) : null}
          noteText={limitText}
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
        <strong data-testid="share-buy-total">{total === null ? '--' : usdtText(total, locale)}</strong>
        <span className="share-sheet__unit">USDT</span>
      </div>
      <AvailableUsdt />
      <Button type="submit" color="primary" size="large" block loading={buy.busy} data-testid="share-buy-submit">
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
  const locale = useLocale();
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
              value: `${usdtFull(result.payment, locale)} USDT`,
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
