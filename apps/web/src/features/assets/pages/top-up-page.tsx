import { ENTRY_PLACES, formatAmount } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { MoneyForm } from '@/components/money-form';
import { useLocale } from '@/lib/locale';
import { useMoneyForm } from '@/lib/money-form';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';
import { type TopUpAnswer, type TopUpBody, useTopUpGold } from '../api/top-up-gold';
import { AvailableLine } from '../components/available-line';
import { MoneyFormGate } from '../components/money-form-gate';
import { checkTopUp, mostConvertibleUsdt, parseGoldRate } from '../lib/gold-rate';
import './money-page.css';

function TopUpForm({ rate, usdt, goldBalance }: { rate: bigint; usdt: AssetBalance; goldBalance: AssetBalance }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  /** Gold units as a member reads them (`1,234.00`). */
  const gold = (units: bigint) => money(formatAmount(units, 'GOLD'), 'GOLD');
  const form = useMoneyForm<{ amount: string }, TopUpBody, TopUpAnswer, 'amount'>({
    initial: { amount: '' },
    mutation: useTopUpGold(),
  });
  const { amount } = form.values;

  const checked = checkTopUp(amount, usdt.available, rate);
  const amountError = form.amount(checked);
  const preview = checked.ok ? gold(checked.goldUnits) : amount.trim() ? '--' : '0.00';

  const submit = () =>
    form.submit(
      checked.ok && checked,
      (checked) => ({
        body: { amountUsdt: checked.amountUsdt },
        confirm: (
          <ConfirmSummary
            title={t('topUpConfirmTitle')}
            rows={[
              {
                label: t('topUpPay'),
                value: `${exactAmountText(checked.usdtUnits, 'USDT', locale)} USDT`,
                testId: 'topup-confirm-pay',
              },
              {
                label: t('topUpReceive'),
                value: `${gold(checked.goldUnits)} ${t('balanceGold')}`,
                testId: 'topup-confirm-gold',
              },
            ]}
          />
        ),
      }),
      (answer) => {
        showToast(t('topUpSuccess', { g: money(answer.gold, 'GOLD') }));
        form.reset({ amount: '' });
      },
    );

  return (
    <MoneyForm
      className="money-page"
      testIdPrefix="topup"
      submitText={t('topUpSubmit')}
      busy={form.busy}
      onSubmit={submit}
    >
      <dl className="money-page__summary">
        <div>
          <dt>USDT · {t('available')}</dt>
          <dd data-testid="topup-usdt-balance">{money(usdt.available, 'USDT')}</dd>
        </div>
        <div>
          <dt>
            {t('balanceGold')} · {t('available')}
          </dt>
          <dd data-testid="topup-gold-balance">{money(goldBalance.available, 'GOLD')}</dd>
        </div>
      </dl>
      <div className="money-card">
        <MoneyField
          id="topup-amount"
          label={t('topUpPay')}
          {...form.field('amount')}
          placeholder={t('topUpPlaceholder')}
          inputMode="decimal"
          places={ENTRY_PLACES.USDT}
          error={amountError}
          suffix={
            <>
              <span className="money-field__unit">USDT</span>
              <button
                type="button"
                className="plain-button money-field__all"
                onClick={() => form.set('amount', mostConvertibleUsdt(usdt.available, rate))}
                data-testid="topup-amount-all"
              >
                {t('all')}
              </button>
            </>
          }
          meta={
            <>
              <AvailableLine asset="USDT" available={usdt.available} testId="topup-available" />
              <span data-testid="topup-rate">
                {t('topUpRate')} 1 USDT = {money(rate, 0)} {t('balanceGold')}
              </span>
            </>
          }
          testId="topup-amount-input"
        />
        <div className="money-page__preview">
          <span className="money-page__preview-label">{t('topUpReceive')}</span>
          <span className="money-page__preview-value">
            <span data-testid="topup-gold-preview">{preview}</span> {t('balanceGold')}
          </span>
        </div>
      </div>
    </MoneyForm>
  );
}

export default function TopUpPage() {
  const { t } = useTranslation();
  return (
    <MoneyFormGate testIdPrefix="topup">
      {(config, balances) => {
        const rate = parseGoldRate(config.limits.goldPerUsdt);
        if (rate === null) return <ErrorState message={t('featureUnavailable')} testId="topup-unavailable" />;
        return <TopUpForm rate={rate} usdt={balances.USDT} goldBalance={balances.GOLD} />;
      }}
    </MoneyFormGate>
  );
}
