import { enterableUnits, formatAmount, parseAmount } from '@minecloud/contract/amount';
import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { EquityRound } from '@minecloud/contract/equity';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEarnings } from '@/api/get-earnings';
import { BottomSheet } from '@/components/bottom-sheet';
import { PurchaseSummary } from '@/components/purchase-summary';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { type ReinvestAnswer, useReinvestEarnings } from '../api/reinvest-earnings';
import { checkReinvest, minimumReinvest, type ReinvestProblem, reinvestPlan, usdtFull } from '../lib/shares';
import { ShareResult } from './share-result';
import './share-sheet.css';

function useProblemText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (problem: ReinvestProblem): string => {
    switch (problem.reason) {
      case 'noRound':
        return t('equityNoRound');
      case 'required':
        return t('equityReinvestRequired');
      case 'invalid':
        return t('amountInvalid');
      case 'tooManyDecimals':
        return t('amountTooManyDecimals', { p: problem.places });
      case 'belowMinimum':
        return t('equityReinvestBelowMinimum', { n: `${usdtText(problem.min, locale)} USDT` });
      case 'aboveEarnings':
        return t('equityReinvestAboveEarnings');
      case 'aboveRemaining':
        return t('equityAboveRemaining', { n: problem.max });
    }
  };
}

/** What the typed amount would buy, shown as the member types (before any check). */
function planOf(round: EquityRound | null, text: string) {
  const price = round ? usdtUnits(round.pricePerShare) : null;
  const amount = parseAmount(text.trim(), 'USDT');
  if (price === null || !amount.ok || amount.units === 0n) return null;
  return reinvestPlan(amount.units, price);
}

/** `rest` is what stays in earnings: the amount sent less what the server says the shares cost. */
function restOf(sent: bigint, answer: ReinvestAnswer): bigint {
  const paid = usdtUnits(answer.payment) ?? 0n;
  return sent > paid ? sent - paid : 0n;
}

type ReinvestFormProps = { round: EquityRound | null; onDone: (answer: ReinvestAnswer, rest: bigint) => void };

function ReinvestForm({ round, onDone }: ReinvestFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const locale = useLocale();
  const money = useMoneyText();
  const earnings = useEarnings();
  const reinvest = useMoneyAction(useReinvestEarnings());
  const [amount, setAmount] = useState('');
  // Problems show once the member has tried to reinvest, then follow every change.
  const [tried, setTried] = useState(false);

  const available = earnings.data?.USDT.available;
  const checked = checkReinvest(round, amount, usdtUnits(available));
  const error = tried && !checked.ok ? problemText(checked) : null;
  const plan = planOf(round, amount);

  let shownEarnings: ReactNode;
  if (earnings.isPending) shownEarnings = '…';
  else if (earnings.isError) {
    shownEarnings = (
      <button
        type="button"
        className="plain-button share-sheet__retry"
        onClick={() => void earnings.refetch()}
        data-testid="reinvest-earnings-retry"
      >
        {t('listError')} {t('listRetry')}
      </button>
    );
  } else shownEarnings = `${money(earnings.data.USDT.available, 'USDT')} USDT`;

  function submit() {
    setTried(true);
    // What stays in earnings is the amount sent less what the shares cost (only used once it is sent).
    const sent = checked.ok ? checked.units : 0n;
    reinvest.start(
      () =>
        checked.ok && {
          body: { amount: checked.amount },
          confirm: (
            <PurchaseSummary
              title={t('equityReinvestConfirmTitle')}
              rows={[
                {
                  label: t('equityReinvestShares'),
                  value: t('equityShares', { n: checked.quantity }),
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
              ]}
            />
          ),
        },
      { onSuccess: (answer) => onDone(answer, restOf(sent, answer)) },
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
      data-testid="reinvest-form"
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
        <p className="share-sheet__hint">{t('equityNoRound')}</p>
      )}
      <div className="share-sheet__field">
        <label className="share-sheet__label" htmlFor="reinvest-amount">
          {t('equityReinvestAmount')}
        </label>
        <div className={`share-sheet__box${error ? ' is-invalid' : ''}`}>
          <input
            id="reinvest-amount"
            className="share-sheet__input"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
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
        <p className="share-sheet__available">
          {t('equityReinvestAvailable')} <strong data-testid="reinvest-earnings">{shownEarnings}</strong>
        </p>
        {error && (
          <p id="reinvest-amount-error" className="share-sheet__error" role="alert" data-testid="reinvest-error">
            {error}
          </p>
        )}
      </div>
      <dl className="share-sheet__plan" aria-live="polite">
        <div>
          <dt>{t('equityReinvestShares')}</dt>
          <dd className="is-shares" data-testid="reinvest-shares">
            {plan ? t('equityShares', { n: plan.quantity }) : '--'}
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
      <p className="share-sheet__note">{t('equityReinvestNote')}</p>
      <Button type="submit" color="primary" size="large" block loading={reinvest.busy} data-testid="reinvest-submit">
        {t('equityReinvestNow')}
      </Button>
    </form>
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
  const [done, setDone] = useState<{ formKey: number; answer: ReinvestAnswer; rest: bigint } | null>(null);
  const result = done?.formKey === formKey ? done : null;
  return (
    <BottomSheet title={t('equityReinvestTitle')} visible={visible} onClose={onClose} testId="reinvest-sheet">
      {result ? (
        <ShareResult
          message={t('equityReinvestSuccess', { n: result.answer.quantity })}
          rows={[
            {
              label: t('equityReinvestShares'),
              value: t('equityShares', { n: result.answer.quantity }),
              testId: 'reinvest-success-quantity',
            },
            {
              label: t('equityReinvestCost'),
              value: `${usdtFull(result.answer.payment, locale)} USDT`,
              testId: 'reinvest-success-payment',
            },
            {
              label: t('equityReinvestRest'),
              value: `${usdtText(result.rest, locale)} USDT`,
              testId: 'reinvest-success-rest',
            },
          ]}
          onOrders={onOrders}
          onDone={onClose}
          testId="reinvest-success"
        />
      ) : (
        <ReinvestForm key={formKey} round={round} onDone={(answer, rest) => setDone({ formKey, answer, rest })} />
      )}
    </BottomSheet>
  );
}
