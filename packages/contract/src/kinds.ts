import type { Asset } from './amount.ts';

/** A chain asset's deposits and withdrawals, and the operators' adjustments, last in its filters. */
const ON_CHAIN = [
  'deposit',
  'withdraw_lock',
  'withdraw_release',
  'withdraw_payout',
  'withdraw_fee',
  'adjustment',
] as const;

/**
 * The kinds of transfer that can show in a member's records of each asset, in the order that
 * asset's details page offers them as filters. With `PLATFORM_TRANSFER_KINDS` this is the one list
 * of transfer kinds: the ledger takes its kinds from here (`TRANSFER_KINDS`), the database refuses
 * any other (migration 0016's CHECK, tested equal to it in ledger/ledger.test.ts), and the web app
 * names each record kind (a kind without a name fails its typecheck).
 */
export const RECORD_KINDS_BY_ASSET = {
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
    ...ON_CHAIN,
  ],
  BTC: ['mining_output', 'equity_yield', 'claim', ...ON_CHAIN],
} as const satisfies Record<Asset, readonly string[]>;
export type RecordKind = (typeof RECORD_KINDS_BY_ASSET)[Asset][number];
/** Kinds that only move between the platform's own accounts: never in a member's records. */
export const PLATFORM_TRANSFER_KINDS = ['pool_share', 'rounding'] as const;
/** Every kind a member's record can have, each once. */
export const RECORD_KINDS = [...new Set(Object.values(RECORD_KINDS_BY_ASSET).flat())] as [RecordKind, ...RecordKind[]];
/** Every kind of transfer the ledger knows. */
export const TRANSFER_KINDS = [...RECORD_KINDS, ...PLATFORM_TRANSFER_KINDS];
export type TransferKind = (typeof TRANSFER_KINDS)[number];
