import type { Deposit, DepositStatus } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import { DEPOSIT_REASON_NAMES } from './deposit-names';
import { StatusTag, type StatusTone } from './status-tag';
import './deposit-section.css';

const STATUS_TONES: Record<DepositStatus, StatusTone> = { confirming: 'waiting', credited: 'done', rejected: 'failed' };

function useStatusText(): (deposit: Deposit) => string {
  const { t } = useTranslation();
  return (deposit) => {
    switch (deposit.status) {
      case 'confirming':
        return t('depositStatusConfirming', { n: deposit.confirmations ?? 0, total: deposit.requiredConfirmations });
      case 'credited':
        return t('depositStatusCredited');
      case 'rejected':
        return t('depositStatusRejected');
    }
  };
}

/** One deposit: what it brought (once known), its transaction, its status and, if refused, why. */
export function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const statusText = useStatusText();
  const money = useMoneyText();
  const { asset, amount } = deposit;
  return (
    <div className="deposit-item" data-testid={`deposit-${deposit.id}`}>
      <div className="deposit-item__head">
        <span className="deposit-item__amount" data-testid="deposit-amount">
          {asset && amount ? `${money(amount, asset)} ${asset}` : t('depositAmountPending')}
        </span>
        <StatusTag tone={STATUS_TONES[deposit.status]} testId="deposit-status">
          {statusText(deposit)}
        </StatusTag>
      </div>
      <div className="deposit-item__row">
        <span>{t('txHashLabel')}</span>
        <AddressText address={deposit.txHash} className="deposit-item__hash" testId="deposit-tx" />
      </div>
      <time className="deposit-item__time" dateTime={deposit.createdAt} data-testid="deposit-time">
        {formatLocalTime(deposit.createdAt)}
      </time>
      {deposit.status === 'rejected' && deposit.reason && (
        <p className="deposit-item__reason" data-testid="deposit-reason">
          {t(DEPOSIT_REASON_NAMES[deposit.reason])}
        </p>
      )}
    </div>
  );
}
