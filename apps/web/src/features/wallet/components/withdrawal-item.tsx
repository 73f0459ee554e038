import { shortenAddress } from '@minecloud/contract/address';
import type { Withdrawal } from '@minecloud/contract/wallet';
import { PAYOUTS_PAUSED_TEXT, WITHDRAWAL_STATE_TEXTS, withdrawalTone } from '@minecloud/contract/withdrawal-states';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { formatLocalTime } from '@/lib/format-time';
import { useLocale } from '@/lib/locale';
import { useMoneyText } from '@/lib/money-text';
import { StatusTag } from './status-tag';
import './withdrawal-item.css';

/** A payout sent but not yet confirmed counts its confirmations. */
export function isConfirming(withdrawal: Withdrawal): boolean {
  return withdrawal.state === 'paying' && withdrawal.txHash !== null && withdrawal.confirmations !== null;
}

/** Why an approved withdrawal does not move: payouts are paused on this platform. */
export function PausedNote({ testId }: { testId: string }) {
  const locale = useLocale();
  return (
    <p className="withdrawal-item__note is-paused" data-testid={testId}>
      {PAYOUTS_PAUSED_TEXT[locale]}
    </p>
  );
}

/**
 * One withdrawal: amount, fee, what arrived and where, and its state in the one vocabulary the
 * timeline and the console share; tapping it opens its timeline. A rejected one says why and that
 * the funds are back; a paused one says payouts are paused; a paid one shows its transaction.
 */
export function WithdrawalItem({ withdrawal, onOpen }: { withdrawal: Withdrawal; onOpen: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  const { asset, state } = withdrawal;
  const show = (value: string) => `${money(value, asset)} ${asset}`;
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
          <StatusTag tone={withdrawalTone(state)} testId="withdrawal-status">
            {WITHDRAWAL_STATE_TEXTS[state][locale]}
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
      {state === 'rejected' && (
        <div className="withdrawal-item__note is-failed">
          {withdrawal.reason && (
            <p data-testid="withdrawal-reason">{t('withdrawalReason', { reason: withdrawal.reason })}</p>
          )}
          <p data-testid="withdrawal-refunded">{t('withdrawalRefunded')}</p>
        </div>
      )}
      {state === 'paused' && <PausedNote testId="withdrawal-paused" />}
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
