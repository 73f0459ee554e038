import type { Asset } from '@minecloud/contract/amount';
import type { TransferKind } from '@minecloud/contract/kinds';

export const USER_ACCOUNT_KINDS = ['available', 'locked', 'earnings'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** The platform's own accounts (docs/economy.md, "The ledger"). */
export const SYSTEM_ACCOUNTS = [
  'treasury',
  'prize_pool',
  'foundation',
  'payout',
  'deposit',
  'rounding',
  'mining_output',
  'yield',
  'adjustment',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: number; kind: UserAccountKind } | { system: SystemAccount };

export const userAccount = (userId: number, kind: UserAccountKind = 'available'): AccountRef => ({ userId, kind });
export const systemAccount = (system: SystemAccount): AccountRef => ({ system });

/** Every kind of transfer, declared once in the contract; the database refuses any other (migration 0016). */
export { TRANSFER_KINDS, type TransferKind } from '@minecloud/contract/kinds';

export type TransferInput = {
  asset: Asset;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind: TransferKind;
  reference?: string;
  /** Unique per leg: the same key twice is a bug in the caller, and aborts the transaction. */
  idempotencyKey: string;
};
