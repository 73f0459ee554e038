import type { Locale } from '@minecloud/contract/locales';
import type { Notification } from '@minecloud/contract/notifications';
import { WITHDRAWAL_STATE_TEXTS, withPausedNote } from '@minecloud/contract/withdrawal-states';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';
import { groupDecimal } from '@/lib/money-text';

export type NotificationView = { title: string; body: string; href: string };

/** A hash shortened for reading: its start and end. */
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

/**
 * What an approval says: where the withdrawal stands now, in the words and states of the withdrawal
 * list (the contract's withdrawal-states.ts), so that a paused payout never reads as being paid.
 */
function approvedBody(n: Notification, t: TFunction, locale: Locale, values: { amount: string; asset: string }) {
  const state = n.withdrawalState ?? 'approved';
  const body = t('notifyWithdrawalApprovedBody', { ...values, state: WITHDRAWAL_STATE_TEXTS[state][locale] });
  return withPausedNote(body, state, locale);
}

/**
 * What a notification says, in the member's language, from its kind and params only (the server
 * keeps no text; a withdrawal's state comes with it), and the page it opens. Amounts keep every
 * decimal they have: exact, never floats.
 */
export function notificationView(n: Notification, t: TFunction, locale: Locale): NotificationView {
  const amount = (value: string) => groupDecimal(value, locale);
  const assetName = (asset: string) => (asset === 'GOLD' ? t('balanceGold') : asset);
  switch (n.kind) {
    case 'withdrawal_approved':
    case 'withdrawal_paid':
    case 'withdrawal_rejected': {
      const values = { amount: amount(n.params.amount), asset: n.params.asset };
      const href = paths.withdrawRecord.href({ asset: n.params.asset });
      if (n.kind === 'withdrawal_approved') {
        return { title: t('notifyWithdrawalApprovedTitle'), body: approvedBody(n, t, locale, values), href };
      }
      if (n.kind === 'withdrawal_paid') {
        const body = t('notifyWithdrawalPaidBody', { ...values, hash: shortHash(n.params.txHash) });
        return { title: t('notifyWithdrawalPaidTitle'), body, href };
      }
      const body = t('notifyWithdrawalRejectedBody', { ...values, reason: n.params.reason });
      return { title: t('notifyWithdrawalRejectedTitle'), body, href };
    }
    case 'referral_reward':
      return {
        title: t('notifyReferralRewardTitle'),
        body: t('notifyReferralRewardBody', { amount: amount(n.params.amount), asset: 'USDT', day: n.params.day }),
        href: paths.assetDetails.href({ asset: 'USDT' }),
      };
    case 'pool_payout':
      return {
        title: t('notifyPoolPayoutTitle'),
        body: t('notifyPoolPayoutBody', {
          amount: amount(n.params.amount),
          asset: assetName('GOLD'),
          day: n.params.day,
          rank: n.params.rank,
        }),
        href: paths.prizePool.href(),
      };
    case 'mining_output':
      return {
        title: t('notifyMiningOutputTitle'),
        body: t('notifyMiningOutputBody', { amount: amount(n.params.amount), asset: 'BTC', day: n.params.day }),
        href: paths.assetDetails.href({ asset: 'BTC' }),
      };
    case 'equity_yield': {
      const parts = [
        ['USDT', n.params.usdt],
        ['BTC', n.params.btc],
      ].filter(([, value]) => value !== '0');
      const amounts = parts.map(([asset, value]) => `${amount(value as string)} ${asset}`).join(' + ');
      return {
        title: t('notifyEquityYieldTitle'),
        body: t('notifyEquityYieldBody', { day: n.params.day, amounts }),
        href: paths.equityOrder.href(),
      };
    }
    case 'feedback_replied':
      return {
        title: t('notifyFeedbackRepliedTitle'),
        body: t('notifyFeedbackRepliedBody'),
        href: paths.feedOrder.href(),
      };
  }
}
