import { ENTRY_PLACES, truncateDecimals } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import type { PoolCurrent } from '@minecloud/contract/team';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { BottomSheet } from '@/components/bottom-sheet';
import { MoneyField } from '@/components/money-field';
import { PurchaseSummary } from '@/components/purchase-summary';
import { unitsOf } from '@/lib/amount-check';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';
import { useAmountProblemText } from '@/lib/use-amount-problem-text';
import { useForgeGold } from '../api/forge-gold';
import { checkForge, type ForgeProblem } from '../lib/forge-check';
import './forge-sheet.css';

function useForgeProblemText() {
  const { t } = useTranslation();
  const amountProblemText = useAmountProblemText('poolForgeRequired');
  const money = useMoneyText();
  return (problem: ForgeProblem): string =>
    problem.reason === 'belowMinimum'
      ? t('poolForgeBelowMinimum', { min: money(problem.min, 'GOLD') })
      : amountProblemText(problem);
}

type ForgeFormProps = { pool: PoolCurrent; onForged: () => void };

function ForgeForm({ pool, onForged }: ForgeFormProps) {
  const { t } = useTranslation();
  const problemText = useForgeProblemText();
  const locale = useLocale();
  const money = useMoneyText();
  const balances = useBalances();
  const forge = useMoneyAction(useForgeGold());
  const [amount, setAmount] = useState('');
  // Problems show once the member has tried to forge, then follow every change.
  const [tried, setTried] = useState(false);

  const available = balances.data?.GOLD.available;
  const checked = checkForge(amount, pool.minForge, available);
  const error = tried && !checked.ok ? problemText(checked) : null;

  function submit() {
    setTried(true);
    forge.start(
      () =>
        checked.ok && {
          body: { amount: checked.amount },
          confirm: (
            <PurchaseSummary
              title={t('poolForgeConfirmTitle')}
              rows={[
                {
                  label: t('poolForgeAmount'),
                  value: `${exactAmountText(checked.units, 'GOLD', locale)} ${t('balanceGold')}`,
                  testId: 'forge-confirm-amount',
                },
                { label: t('poolRound'), value: pool.day, testId: 'forge-confirm-day' },
              ]}
            />
          ),
        },
      {
        onSuccess: (answer) => {
          showToast(t('poolForgeSuccess', { n: money(answer.forged, 'GOLD') }));
          onForged();
        },
      },
    );
  }

  return (
    <form
      className="forge-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="forge-form"
    >
      <p className="forge-form__terms">
        <span>
          {t('poolThisRound')} <strong>{money(pool.pool, 'GOLD')}</strong>
        </span>
        <span>
          {t('poolMinForge')} <strong data-testid="forge-minimum">{money(pool.minForge, 'GOLD')}</strong>
        </span>
      </p>
      <MoneyField
        id="forge-amount"
        label={t('poolForgeAmount')}
        value={amount}
        onChange={setAmount}
        placeholder={t('poolForgePlaceholder', { min: truncateDecimals(pool.minForge, 2) })}
        inputMode="decimal"
        places={ENTRY_PLACES.GOLD}
        error={error}
        suffix={
          <>
            <span className="money-field__unit">{t('balanceGold')}</span>
            <button
              type="button"
              className="plain-button money-field__all"
              disabled={!available || unitsOf(available, 'GOLD') === 0n}
              onClick={() => available && setAmount(exactAmountText(unitsOf(available, 'GOLD'), 'GOLD'))}
              data-testid="forge-all"
            >
              {t('all')}
            </button>
          </>
        }
        meta={
          <span>
            {t('availableBalance')}{' '}
            <strong data-testid="forge-available">
              {balances.isPending ? '…' : balances.isError ? '--' : money(available, 'GOLD')}
            </strong>
          </span>
        }
        testId="forge-amount"
      />
      <p className="forge-form__note">{t('poolForgeNote')}</p>
      <Button type="submit" color="primary" size="large" block loading={forge.busy} data-testid="forge-submit">
        {t('poolForgeNow')}
      </Button>
    </form>
  );
}

type ForgeSheetProps = {
  pool: PoolCurrent;
  /** Changes with each opening, so the form starts afresh. */
  formKey: number;
  visible: boolean;
  onClose: () => void;
};

/** Forging gold coins into this round: how many (at least the minimum), then confirm, then the outcome. */
export function ForgeSheet({ pool, formKey, visible, onClose }: ForgeSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheet title={t('poolForgeTitle')} visible={visible} onClose={onClose} testId="forge-sheet">
      <ForgeForm key={formKey} pool={pool} onForged={onClose} />
    </BottomSheet>
  );
}
