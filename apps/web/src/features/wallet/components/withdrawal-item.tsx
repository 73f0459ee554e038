import { shortenAddress } from '@minecloud/contract/address';
import { truncateDecimals } from '@minecloud/contract/amount';
import type { Withdrawal, WithdrawalStatus } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { displayPlaces } from '@/lib/display-places';
import { formatLocalTime } from '@/lib/format-time';
import { StatusTag, type StatusTone } from './status-tag';
import { WITHDRAWAL_STATUS_NAMES } from './withdrawal-names';
import './withdrawal-item.css';

const STATUS_TONES: Record<WithdrawalStatus, StatusTone> = { processing: 'waiting', failed: 'failed', arrived: 'done' };

/** A payout sent but not yet confirmed counts its confirmations. */
export function isConfirming(withdrawal: Withdrawal): boolean {
  return withdrawal.status === 'processing' && withdrawal.txHash !== null && withdrawal.confirmations !== null;
}

/**
 * One withdrawal: amount, fee, what arrived and where, and its status; tapping it opens its
 * timeline. A failed one says why and that the funds are back; a paid one shows its transaction.
 */
export function WithdrawalItem({ withdrawal, onOpen }: { withdrawal: Withdrawal; onOpen: () => void }) {
  const { t } = useTranslation();
  const { asset, status } = withdrawal;
  const show = (value: string) => `${truncateDecimals(value, displayPlaces(asset))} ${asset}`;
  return (
    <article className="withdrawal-item" data-testid={`withdrawal-${withdrawal.id}`}>
      <button
        type="button"
        className="plain-button withdrawal-item__open"
        onClick={onOpen}
        data-testid="withdrawal-open"
      >
        <span className="withdrawal-item__head">
          <span className="withdrawal-item__amount" data-testid="withdrawal-amount">
            {show(withdrawal.amount)}
          </span>
          <StatusTag tone={STATUS_TONES[status]} testId="withdrawal-status">
            {t(WITHDRAWAL_STATUS_NAMES[status])}
          </StatusTag>
        </span>
        <span className="withdrawal-item__figures">
          <span>{t('withdrawFee')}</span>
          <span data-testid="withdrawal-fee">{show(withdrawal.fee)}</span>
          <span>{t('withdrawReceive')}</span>
          <span data-testid="withdrawal-received">{show(withdrawal.received)}</span>
          <span>{t('walletAddressLabel')}</span>
          <span title={withdrawal.address} data-testid="withdrawal-address">
            {shortenAddress(withdrawal.address)}
          </span>
          <span>{t('withdrawalRequestedAt')}</span>
          <time dateTime={withdrawal.createdAt} data-testid="withdrawal-time">
            {formatLocalTime(withdrawal.createdAt)}
          </time>
        </span>
        <span className="withdrawal-item__more">{t('withdrawalProgress')} ›</span>
      </button>
      {status === 'failed' && (
        <div className="withdrawal-item__note is-failed">
          {withdrawal.reason && (
            <p data-testid="withdrawal-reason">{t('withdrawalReason', { reason: withdrawal.reason })}</p>
          )}
          <p data-testid="withdrawal-refunded">{t('withdrawalRefunded')}</p>
        </div>
      )}
      {isConfirming(withdrawal) && (
        <p className="withdrawal-item__note" data-testid="withdrawal-confirmations">
          {t('withdrawalConfirmations', { n: withdrawal.confirmations, total: withdrawal.requiredConfirmations })}
        </p>
      )}
      {withdrawal.txHash && (
        <p className="withdrawal-item__note withdrawal-item__tx">
          <span>{t('txHashLabel')}</span>
          <AddressText address={withdrawal.txHash} className="withdrawal-item__hash" testId="withdrawal-tx" />
        </p>
      )}
    </article>
  );
}
