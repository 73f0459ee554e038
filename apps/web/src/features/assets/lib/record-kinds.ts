import type { RecordKind } from '@minecloud/contract/kinds';
import type { MessageKey } from '@/i18n/i18n';

export type { RecordKind };

const KIND_NAMES: Record<RecordKind, MessageKey> = {
  gift: 'titleGift',
  donation: 'recordKindDonation',
  topup: 'recordKindTopup',
  claim: 'recordKindClaim',
  adjustment: 'recordKindAdjustment',
  miner_purchase: 'recordKindMinerPurchase',
  referral_reward: 'recordKindReferralReward',
  withdraw_lock: 'recordKindWithdrawLock',
  withdraw_release: 'recordKindWithdrawRelease',
  withdraw_payout: 'recordKindWithdrawPayout',
  withdraw_fee: 'recordKindWithdrawFee',
  deposit: 'recordKindDeposit',
  mining_output: 'recordKindMiningOutput',
  equity_purchase: 'recordKindEquityPurchase',
  equity_yield: 'recordKindEquityYield',
  pool_forge: 'recordKindPoolForge',
  pool_payout: 'recordKindPoolPayout',
};

function isRecordKind(kind: string): kind is RecordKind {
  return Object.hasOwn(KIND_NAMES, kind);
}

/** The filter label of a kind. */
export function kindFilterName(kind: RecordKind): MessageKey {
  return KIND_NAMES[kind];
}

/** What a record is called in its row: a gift says whether it came in or went out. */
export function recordName(kind: string, direction: 'in' | 'out'): MessageKey {
  if (kind === 'gift') return direction === 'in' ? 'recordKindGiftIn' : 'recordKindGiftOut';
  return isRecordKind(kind) ? KIND_NAMES[kind] : 'recordKindOther';
}
