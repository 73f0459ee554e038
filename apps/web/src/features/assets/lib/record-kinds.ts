import type { Asset } from '@minecloud/contract/amount';
import type { RECORD_KINDS } from '@minecloud/contract/asset';
import type { MessageKey } from '@/i18n/i18n';

export type RecordKind = (typeof RECORD_KINDS)[number];

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

/** The kinds that can move each asset (ECONOMY.md), offered as filters on its details page. */
export const KINDS_BY_ASSET: Record<Asset, RecordKind[]> = {
  GOLD: ['gift', 'topup', 'donation', 'pool_forge', 'pool_payout', 'adjustment'],
  USDT: [
    'gift',
    'topup',
    'donation',
    'claim',
    'referral_reward',
    'miner_purchase',
    'equity_purchase',
    'equity_yield',
    'deposit',
    'withdraw_lock',
    'withdraw_release',
    'withdraw_payout',
    'withdraw_fee',
    'adjustment',
  ],
  BTC: [
    'mining_output',
    'equity_yield',
    'claim',
    'deposit',
    'withdraw_lock',
    'withdraw_release',
    'withdraw_payout',
    'withdraw_fee',
    'adjustment',
  ],
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
