import { ENTRY_PLACES, enterableUnits, formatAmount, parseAmount } from '@minecloud/contract/amount';
import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { EquityRound } from '@minecloud/contract/equity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEarnings } from '@/api/get-earnings';
import { AvailableUsdt } from '@/components/purchase-sheet/available-usdt';
import { PurchaseField, PurchaseForm } from '@/components/purchase-sheet/purchase-form';
import { PurchaseSheet } from '@/components/purchase-sheet/purchase-sheet';
import { useProblemText } from '@/components/purchase-sheet/use-problem-text';
import { amountInput } from '@/lib/amount-input';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { type ReinvestAnswer, useReinvestEarnings } from '../api/reinvest-earnings';
import { checkReinvest, minimumReinvest, type ReinvestProblem, reinvestPlan, usdtFull } from '../lib/shares';
import { ShareResult } from './share-result';
import './share-sheet.css';

/**
 * What the typed amount would buy, shown as the member types (before any check): only an amount the
 * earnings hold, so that the preview never shows money that is not there (none while they load).
 */
function planOf(round: EquityRound | null, text: string, earnings: bigint | null) {
  const price = round ? usdtUnits(round.pricePerShare) : null;
  const amount = parseAmount(text.trim(), 'USDT');
  if (price === null || !amount.ok || amount.units === 0n) return null;
  if (earnings === null || amount.units > earnings) return null;
  return reinvestPlan(amount.units, price);
}

/** `rest` is what stays in earnings: the amount sent less what the server says the shares cost. */
function restOf(sent: bigint, answer: ReinvestAnswer): bigint {
  const paid = usdtUnits(answer.payment) ?? 0n;
  return sent > paid ? sent - paid : 0n;
}

type Reinvested = { answer: ReinvestAnswer; rest: bigint };

function ReinvestForm({ round, onDone }: { round: EquityRound | null; onDone: (done: Reinvested) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const problemText = useProblemText<ReinvestProblem>({
    noRound: 'equityNoRound',
    required: 'equityReinvestRequired',
    invalid: 'amountInvalid',
    notPositive: 'amountNotPositive',
    tooManyDecimals: (problem) => t('amountTooManyDecimals', { p: problem.places }),
    belowMinimum: (problem) => t('equityReinvestBelowMinimum', { n: `${usdtText(problem.min, locale)} USDT` }),
    aboveEarnings: 'equityReinvestAboveEarnings',
    aboveRemaining: (problem) => t('equityAboveRemaining', { count: problem.max }),
  });
  const earnings = useEarnings();
  const reinvest = useMoneyAction(useReinvestEarnings());
  const [amount, setAmount] = useState('');

  const available = earnings.data?.USDT.available;
  const earningsUnits = usdtUnits(available);
  const checked = checkReinvest(round, amount, earningsUnits);
  // Problems show once the member has tried to reinvest, then follow every change.
  const error = reinvest.tried && !checked.ok ? problemText(checked) : null;
  const plan = planOf(round, amount, earningsUnits);
  // What stays in earnings is the amount sent less what the shares cost (only used once it is sent).
  const sent = checked.ok ? checked.units : 0n;

  return (
    <PurchaseForm
      action={reinvest}
      prepare={() =>
        checked.ok && {
          body: { amount: checked.amount },
          title: t('equityReinvestConfirmTitle'),
          rows: [
            {
              label: t('equityReinvestShares'),
              value: t('equityShares', { count: checked.quantity }),
              testId: 'reinvest-confirm-quantity',
            },
            {
              label: t('equityReinvestCost'),
              value: `${usdtText(checked.payment, locale)} USDT`,
              testId: 'reinvest-confirm-payment',
            },
            {
              label: t('equityReinvestRest'),
              value: `${usdtText(checked.rest, locale)} USDT`,
              testId: 'reinvest-confirm-rest',
            },
          ],
        }
      }
      onPaid={(answer) => onDone({ answer, rest: restOf(sent, answer) })}
      submitText={t('equityReinvestNow')}
      testId="reinvest"
    >
      {round ? (
        <p className="share-sheet__terms">
          <span>
            {t('equityPricePerShare')}{' '}
            <strong data-testid="reinvest-price">{usdtFull(round.pricePerShare, locale)} U</strong>
          </span>
          <span>
            {t('equityReinvestMinimum')}{' '}
            <strong data-testid="reinvest-minimum">{usdtText(minimumReinvest(round), locale)} USDT</strong>
          </span>
        </p>
      ) : (
        <p className="purchase-sheet__hint">{t('equityNoRound')}</p>
      )}
      <PurchaseField id="reinvest-amount" label={t('equityReinvestAmount')} error={error} errorTestId="reinvest-error">
        <div className={`share-sheet__box${error ? ' is-invalid' : ''}`}>
          <input
            id="reinvest-amount"
            className="share-sheet__input"
            value={amount}
            onChange={(event) => {
              const taken = amountInput(event.target.value, ENTRY_PLACES.USDT);
              if (taken !== null) setAmount(taken);
            }}
            placeholder={t('equityReinvestPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'reinvest-amount-error' : undefined}
            data-testid="reinvest-amount"
          />
          <span className="share-sheet__box-unit">USDT</span>
          <button
            type="button"
            className="plain-button share-sheet__all"
            disabled={!available}
            onClick={() => {
              const units = usdtUnits(available);
              if (units !== null) setAmount(formatAmount(enterableUnits(units, 'USDT'), 'USDT'));
            }}
            data-testid="reinvest-all"
          >
            {t('all')}
          </button>
        </div>
        <AvailableUsdt label={t('equityReinvestAvailable')} query={earnings} testId="reinvest-earnings" />
      </PurchaseField>
      <dl className="share-sheet__plan" aria-live="polite">
        <div>
          <dt>{t('equityReinvestShares')}</dt>
          <dd className="is-shares" data-testid="reinvest-shares">
            {plan ? t('equityShares', { count: plan.quantity }) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('equityReinvestCost')}</dt>
          <dd data-testid="reinvest-cost">{plan ? `${usdtText(plan.payment, locale)} USDT` : '--'}</dd>
        </div>
        <div>
          <dt>{t('equityReinvestRest')}</dt>
          <dd data-testid="reinvest-rest">{plan ? `${usdtText(plan.rest, locale)} USDT` : '--'}</dd>
        </div>
      </dl>
      <p className="purchase-sheet__note">{t('equityReinvestNote')}</p>
    </PurchaseForm>
  );
}

type ReinvestSheetProps = {
  round: EquityRound | null;
  /** Changes with each opening, so the form starts afresh. */
  formKey: number;
  visible: boolean;
  onClose: () => void;
  onOrders: () => void;
};

/** Reinvesting USDT earnings into whole shares: how much, what it buys, what stays; then confirm. */
export function ReinvestSheet({ round, formKey, visible, onClose, onOrders }: ReinvestSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PurchaseSheet<Reinvested>
      title={t('equityReinvestTitle')}
      testId="reinvest-sheet"
      formKey={formKey}
      visible={visible}
      onClose={onClose}
      form={(onPaid) => <ReinvestForm round={round} onDone={onPaid} />}
      outcome={({ answer, rest }) => (
        <ShareResult
          message={t('equityReinvestSuccess', { count: answer.quantity })}
          rows={[
            {
              label: t('equityReinvestShares'),
              value: t('equityShares', { count: answer.quantity }),
              testId: 'reinvest-success-quantity',
            },
            {
              label: t('equityReinvestCost'),
              value: `${usdtFull(answer.payment, locale)} USDT`,
              testId: 'reinvest-success-payment',
            },
            {
              label: t('equityReinvestRest'),
              value: `${usdtText(rest, locale)} USDT`,
              testId: 'reinvest-success-rest',
            },
          ]}
          onOrders={onOrders}
          onDone={onClose}
          testId="reinvest-success"
        />
      )}
    />
  );
}
