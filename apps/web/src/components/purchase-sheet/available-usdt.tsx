import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import './purchase-sheet.css';

type AvailableUsdtProps = {
  /** What the line calls the money: the available balance, the claimable earnings. */
  label: string;
  /** The query of the member's USDT (balances, earnings); a failure offers a retry. */
  query: UseQueryResult<{ USDT: { available: string } }>;
  /** The figure gets `<testId>`, the retry button `<testId>-retry`. */
  testId: string;
};

/** What the member has to pay with, under a purchase form: `…` while loading, a retry when it failed. */
export function AvailableUsdt({ label, query, testId }: AvailableUsdtProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  let shown: ReactNode;
  if (query.isPending) shown = '…';
  else if (query.isError) {
    shown = (
      <button
        type="button"
        className="plain-button purchase-sheet__retry"
        onClick={() => void query.refetch()}
        data-testid={`${testId}-retry`}
      >
        {t('listError')} {t('listRetry')}
      </button>
    );
  } else shown = `${money(query.data.USDT.available, 'USDT')} USDT`;
  return (
    <p className="purchase-sheet__available">
      {label} <strong data-testid={testId}>{shown}</strong>
    </p>
  );
}
