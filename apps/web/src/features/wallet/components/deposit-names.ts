import type { DepositReason } from '@minecloud/contract/wallet';
import type { MessageKey } from '@/i18n/i18n';

/** Why a deposit was not credited, in the member's words. */
export const DEPOSIT_REASON_NAMES: Record<DepositReason, MessageKey> = {
  notFound: 'depositReasonNotFound',
  failedOnChain: 'depositReasonFailedOnChain',
  notToPlatform: 'depositReasonNotToPlatform',
  unsupportedToken: 'depositReasonUnsupportedToken',
  notFromYourWallet: 'depositReasonNotFromYourWallet',
  mixedTokens: 'depositReasonMixedTokens',
  tooSmall: 'depositReasonTooSmall',
};
