import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { EquityRound } from '@minecloud/contract/equity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { AvailableUsdt } from '@/components/purchase-sheet/available-usdt';
import { PurchaseField, PurchaseForm, PurchaseTotal } from '@/components/purchase-sheet/purchase-form';
import { PurchaseSheet } from '@/components/purchase-sheet/purchase-sheet';
import { useLimitText, useProblemText } from '@/components/purchase-sheet/use-problem-text';
import { QuantityStepper } from '@/components/quantity-stepper';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { parseWholeNumber } from '@/lib/quantity';
import { type BuySharesAnswer, useBuyShares } from '../api/buy-shares';
import { type BuyProblem, checkShareBuy, minimumShares, shareBuyLimit, sharesCost, usdtFull } from '../lib/shares';
import { ShareResult } from './share-result';
import './share-sheet.css';

type BuyFormProps = { round: EquityRound | null; onPaid: (answer: BuySharesAnswer) => void };

function BuyForm({ round, onPaid }: BuyFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText<BuyProblem>({
    noRound: 'equityNoRound',
    noQuantity: 'equityQuantityRequired',
    notWholeNumber: 'quantityWholeNumber',
    belowMinimum: (problem) => t('equityBelowMinimum', { count: problem.min }),
    aboveRemaining: (problem) => t('equityAboveRemaining', { count: problem.max }),
    insufficient: 'amountInsufficient',
  });
  const limitText = useLimitText({
    left: 'equityAboveRemaining',
    balance: 'equityBalanceLimit',
    units: 'equityShares',
  });
  const locale = useLocale();
  const balances = useBalances();
  const buy = useMoneyAction(useBuyShares());

  const [quantity, setQuantity] = useState(() => (round ? String(minimumShares(round)) : ''));
  const checked = checkShareBuy(round, quantity, usdtUnits(balances.data?.USDT.available));
  // Problems show once the member has tried to buy; a quantity that is not a whole number at once, while typing.
  const error = !checked.ok && (buy.tried || checked.reason === 'notWholeNumber') ? problemText(checked) : null;
  const typed = parseWholeNumber(quantity);
  const total = round && typed.ok ? sharesCost(round.pricePerShare, typed.value) : null;

  return (
    <PurchaseForm
      action={buy}
      prepare={() =>
        checked.ok &&
        round && {
          body: { quantity: checked.quantity },
          title: t('equityConfirmTitle'),
          rows: [
            {
              label: t('equityQuantity'),
              value: t('equityShares', { count: checked.quantity }),
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
          ],
        }
      }
      onPaid={onPaid}
      submitText={t('equityBuyNow')}
      testId="share-buy"
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
            {t('equityTerm')} <strong>{t('equityDays', { count: round.termDays })}</strong>
          </span>
        </p>
      ) : (
        <p className="purchase-sheet__hint">{t('equityNoRound')}</p>
      )}
      <PurchaseField id="share-buy-quantity" label={t('equityQuantity')} error={error} errorTestId="share-buy-error">
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
          <p className="purchase-sheet__hint">
            {t('equityMinimum', { count: minimumShares(round) })} · {t('equityRemaining')}{' '}
            {t('equityShares', { count: round.sharesRemaining })}
          </p>
        )}
      </PurchaseField>
      <PurchaseTotal
        label={t('equityTotal')}
        text={total === null ? '--' : usdtText(total, locale)}
        testId="share-buy-total"
      />
      <AvailableUsdt label={t('availableBalance')} query={balances} testId="share-buy-available" />
    </PurchaseForm>
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
  return (
    <PurchaseSheet<BuySharesAnswer>
      title={t('equityBuy')}
      testId="share-buy-sheet"
      formKey={formKey}
      visible={visible}
      onClose={onClose}
      form={(onPaid) => <BuyForm round={round} onPaid={onPaid} />}
      outcome={(answer) => (
        <ShareResult
          message={t('equityBuySuccess')}
          rows={[
            {
              label: t('equityQuantity'),
              value: t('equityShares', { count: answer.quantity }),
              testId: 'share-buy-success-quantity',
            },
            {
              label: t('equityPayment'),
              value: `${usdtFull(answer.payment, locale)} USDT`,
              testId: 'share-buy-success-payment',
            },
          ]}
          onOrders={onOrders}
          onDone={onClose}
          testId="share-buy-success"
        />
      )}
    />
  );
}
