import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { transfers } from './ledger.ts';
import { operators } from './operators.ts';
import { users } from './users.ts';

/**
 * A member's withdrawal: `amount` left available for locked when it was requested; on arrival
 * `amount − fee` goes to the `payout` account (what the chain moved) and `fee` to `treasury`; on
 * rejection all of it goes back to available.
 * review → (second_review →) approved → paying → arrived, or → rejected from either review state;
 * paying → payout_failed after its transactions kept failing on chain (an operator rejects or
 * approves again); paying → payout_unclear when the chain would not show what became of its
 * transaction (the worker still follows it; an operator may name the transaction that took its nonce).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** Checksummed EVM address. */
    address: text('address').notNull(),
    status: text('status').notNull().default('review'),
    needsSecond: boolean('needs_second').notNull(),
    reason: text('reason'),
    firstApproverId: bigint('first_approver_id', { mode: 'number' }).references(() => operators.id),
    secondApproverId: bigint('second_approver_id', { mode: 'number' }).references(() => operators.id),
    rejectedById: bigint('rejected_by_id', { mode: 'number' }).references(() => operators.id),
    lockTransferId: bigint('lock_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  },
  (t) => [
    check('withdrawals_asset', sql`${t.asset} in ('USDT','BTC')`),
    check('withdrawals_amounts', sql`${t.fee} >= 0 and ${t.amount} > ${t.fee}`),
    check(
      'withdrawals_status',
      sql`${t.status} in ('review','second_review','approved','paying','payout_failed','payout_unclear','arrived','rejected')`,
    ),
    check(
      'withdrawals_two_approvers',
      sql`${t.secondApproverId} is null or ${t.secondApproverId} <> ${t.firstApproverId}`,
    ),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    /** The review queue's "who else withdrew to this address" (review-context.ts). */
    index('withdrawals_address_idx').on(t.address, t.userId),
  ],
);

/** The timeline of a withdrawal, one row per stage reached. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    stage: text('stage').notNull(),
    txHash: text('tx_hash'),
    /** `member`, `operator:<name>` or `payout`. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_events_withdrawal_idx').on(t.withdrawalId, t.id)],
);

/** Member accounts an operator owns: they may never approve those accounts' withdrawals. */
export const operatorMembers = pgTable(
  'operator_members',
  {
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.userId] })],
);

/** The next nonce of each hot wallet, handed out under this row's lock: one nonce, one payout. */
export const payoutWallets = pgTable(
  'payout_wallets',
  {
    chainId: integer('chain_id').notNull(),
    /** Lower-case address. */
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/**
 * Each signed payout transaction, stored (raw) before it is broadcast, so that after a crash the
 * very same transaction is sent again and never a second one. At most one attempt per withdrawal is
 * live (signed, sent, mined); a new one is made only after the last was reverted on chain or its
 * nonce was taken by another transaction, when it can no longer move anything.
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull().unique(),
    rawTx: text('raw_tx').notNull(),
    /** signed (stored, maybe not sent) | sent | mined | confirmed | reverted | dropped */
    status: text('status').notNull().default('signed'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    confirmations: integer('confirmations'),
    lastError: text('last_error'),
    /** The head when it was signed: no block holding it can be older (where the nonce search starts). */
    signedBlock: bigint('signed_block', { mode: 'number' }),
    /** Rounds its nonce was used but the chain showed neither its receipt nor what took it. */
    unclearRounds: integer('unclear_rounds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_attempts_status', sql`${t.status} in ('signed','sent','mined','confirmed','reverted','dropped')`),
    unique('payout_attempts_nonce').on(t.chainId, t.fromAddress, t.nonce),
    uniqueIndex('payout_attempts_one_live')
      .on(t.withdrawalId)
      .where(sql`${t.status} in ('signed','sent','mined','confirmed')`),
    index('payout_attempts_status_idx').on(t.status, t.id),
  ],
);

/**
 * A deposit a member submitted by transaction hash. Several members may submit one hash; only the
 * sender's own submission can be credited, and the ledger key `deposit:<chain>:<hash>:<asset>`
 * credits it once.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id').notNull(),
    /** Lower-case. */
    txHash: text('tx_hash').notNull(),
    asset: text('asset'),
    amount: bigint('amount', { mode: 'bigint' }),
    /** The token amount on chain, in the token's own decimals. */
    chainAmount: text('chain_amount'),
    status: text('status').notNull().default('confirming'),
    reason: text('reason'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    confirmations: integer('confirmations'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    check('deposits_status', sql`${t.status} in ('confirming','credited','rejected')`),
    check('deposits_credited', sql`${t.status} <> 'credited' or (${t.transferId} is not null and ${t.amount} > 0)`),
    unique('deposits_user_hash').on(t.userId, t.chainId, t.txHash),
    index('deposits_status_idx').on(t.status, t.id),
    index('deposits_user_idx').on(t.userId, t.id),
  ],
);

/**
 * A member's address book: labelled withdrawal addresses. An address saved at `created_at` can be
 * paid from `usable_at` (the `withdraw.newAddressHours` setting then), and its saving is mailed to
 * the member, so a stolen session cannot add an address and empty the account before the member
 * hears of it. While that setting is above 0, withdrawals go only to saved addresses past their wait.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Checksummed EVM address. */
    address: text('address').notNull(),
    label: text('label').notNull(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_user_address_idx').on(t.userId, t.address),
    check('withdrawal_addresses_label_length', sql`char_length(${t.label}) <= 30`),
    check('withdrawal_addresses_wait', sql`${t.usableAt} >= ${t.createdAt}`),
  ],
);
