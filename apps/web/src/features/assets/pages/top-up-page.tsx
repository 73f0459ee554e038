import { formatAmount, truncateDecimals } from '@minecloud/contract/amount';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { exactAmountText } from '@/lib/amount-check';
import { confirmDialog } from '@/lib/dialog';
import { showToast } from '@/lib/toast';
import { useAmountProblemText } from '@/lib/use-amount-problem-text';
import { useTopUpGold } from '../api/top-up-gold';
import { AvailableLine } from '../components/available-line';
import { MoneyFormGate } from '../components/money-form-gate';
import { checkTopUp, mostConvertibleUsdt, parseGoldRate } from '../lib/gold-rate';
import './money-page.css';

const gold = (units: bigint) => truncateDecimals(formatAmount(units, 'GOLD'), 2);

function TopUpForm({ rate, usdt, goldBalance }: { rate: bigint; usdt: AssetBalance; goldBalance: AssetBalance }) {
  const { t } = useTranslation();
  const amountProblemText = useAmountProblemText();
  const topUp = useTopUpGold();
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);

  const checked = checkTopUp(amount, usdt.available, rate);
  const amountError = tried && !checked.ok ? amountProblemText(checked) : null;
  const preview = checked.ok ? gold(checked.goldUnits) : amount.trim() ? '--' : '0.00';

  async function submit() {
    setTried(true);
    if (!checked.ok) return;
    const confirmed = await confirmDialog({
      content: (
        <ConfirmSummary
          title={t('topUpConfirmTitle')}
          rows={[
            {
              label: t('topUpPay'),
              value: `${exactAmountText(checked.usdtUnits, 'USDT')} USDT`,
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
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    topUp.mutate(
      { amountUsdt: checked.amountUsdt },
      {
        onSuccess: (answer) => {
          showToast(t('topUpSuccess', { g: truncateDecimals(answer.gold, 2) }));
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
        void submit();
      }}
      data-testid="topup-form"
    >
      <dl className="money-page__summary">
        <div>
          <dt>USDT · {t('available')}</dt>
          <dd data-testid="topup-usdt-balance">{truncateDecimals(usdt.available, 2)}</dd>
        </div>
        <div>
          <dt>
            {t('balanceGold')} · {t('available')}
          </dt>
          <dd data-testid="topup-gold-balance">{truncateDecimals(goldBalance.available, 2)}</dd>
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
                {t('topUpRate')} 1 USDT = {rate.toString()} {t('balanceGold')}
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
      <Button type="submit" color="primary" size="large" block loading={topUp.isPending} data-testid="topup-submit">
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
