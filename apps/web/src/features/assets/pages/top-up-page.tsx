import { ENTRY_PLACES, formatAmount } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';
import { useAmountProblemText } from '@/lib/use-amount-problem-text';
import { useTopUpGold } from '../api/top-up-gold';
import { AvailableLine } from '../components/available-line';
import { MoneyFormGate } from '../components/money-form-gate';
import { checkTopUp, mostConvertibleUsdt, parseGoldRate } from '../lib/gold-rate';
import './money-page.css';

function TopUpForm({ rate, usdt, goldBalance }: { rate: bigint; usdt: AssetBalance; goldBalance: AssetBalance }) {
  const { t } = useTranslation();
  const amountProblemText = useAmountProblemText();
  const locale = useLocale();
  const money = useMoneyText();
  /** Gold units as a member reads them (`1,234.00`). */
  const gold = (units: bigint) => money(formatAmount(units, 'GOLD'), 'GOLD');
  const topUp = useMoneyAction(useTopUpGold());
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);

  const checked = checkTopUp(amount, usdt.available, rate);
  const amountError = tried && !checked.ok ? amountProblemText(checked) : null;
  const preview = checked.ok ? gold(checked.goldUnits) : amount.trim() ? '--' : '0.00';

  function submit() {
    setTried(true);
    topUp.start(
      () =>
        checked.ok && {
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
        },
      {
        onSuccess: (answer) => {
          showToast(t('topUpSuccess', { g: money(answer.gold, 'GOLD') }));
          setAmount('');
          setTried(false);
        },
      },
    );
  }

  return (
    <form
      className="money-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="topup-form"
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
          value={amount}
          onChange={setAmount}
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
                onClick={() => setAmount(mostConvertibleUsdt(usdt.available, rate))}
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
      <Button type="submit" color="primary" size="large" block loading={topUp.busy} data-testid="topup-submit">
        {t('topUpSubmit')}
      </Button>
    </form>
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
