import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';
import { users } from './users.ts';

/**
 * Ledger accounts. A user account (user_id set) keeps its balance on its row, never negative.
 * A system account (system set) keeps no balance on its row: its balance is the sum of its transfers.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    system: text('system'),
    asset: text('asset').notNull(),
    /** available | locked | earnings for users; the system account's name for system accounts. */
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    unique('accounts_owner_asset_kind').on(t.userId, t.system, t.asset, t.kind).nullsNotDistinct(),
    check('accounts_balance_not_negative', sql`${t.balance} >= 0`),
    check('accounts_one_owner', sql`(${t.userId} is null) <> (${t.system} is null)`),
    check('accounts_system_no_hot_balance', sql`${t.system} is null or ${t.balance} = 0`),
    check('accounts_asset_known', sql`${t.asset} in ('GOLD','USDT','BTC')`),
    /** What a transfer's foreign keys on (account, asset) point to (migration 0045). */
    unique('accounts_id_asset').on(t.id, t.asset),
  ],
);

/**
 * The journal: one row per movement of money, whose legs are the transfers carrying its id
 * (docs/architecture.md, "The journal"). Only ledger/journal.ts writes it; the database refuses an
 * UPDATE, DELETE or TRUNCATE and an unknown kind (migration 0045).
 */
export const entries = pgTable('entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Immutable movements of one asset between two accounts; a correction is a new transfer. The
 * database refuses an UPDATE, DELETE or TRUNCATE and an unknown kind (migration 0016).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    asset: text('asset').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' }).notNull(),
    creditAccountId: bigint('credit_account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The entry this transfer is a leg of. */
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => entries.id),
  },
  (t) => [
    /** Each leg's accounts hold its asset, so an entry's legs sum to zero per asset (migration 0045). */
    foreignKey({
      name: 'transfers_debit_account_asset_fk',
      columns: [t.debitAccountId, t.asset],
      foreignColumns: [accounts.id, accounts.asset],
    }),
    foreignKey({
      name: 'transfers_credit_account_asset_fk',
      columns: [t.creditAccountId, t.asset],
      foreignColumns: [accounts.id, accounts.asset],
    }),
    check('transfers_amount_positive', sql`${t.amount} > 0`),
    check('transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('transfers_debit_idx').on(t.debitAccountId, t.id),
    index('transfers_credit_idx').on(t.creditAccountId, t.id),
    /** Adjustments a member received (review queue) and demo credits (dashboard), without a scan. */
    index('transfers_kind_credit_idx').on(t.kind, t.creditAccountId),
  ],
);

/**
 * The ledger check's verified points (ledger/check.ts; docs/operations.md, section 5 "Ledger
 * checkpoints"): the daily `checkpoint` job found the books balanced with every transfer up to
 * `upto_transfer_id`, all of which had committed, and none of which can commit later. A check then
 * reads only the transfers after the newest one.
 */
export const ledgerCheckpoints = pgTable(
  'ledger_checkpoints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uptoTransferId: bigint('upto_transfer_id', { mode: 'number' }).notNull(),
    /** Transfers folded into ledger_checkpoint_flows since the previous checkpoint. */
    transfers: bigint('transfers', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_checkpoints_upto_not_negative', sql`${t.uptoTransferId} >= 0`)],
);

/**
 * Per account, its transfers' credits less debits up to the newest checkpoint's `upto_transfer_id`:
 * the newest checkpoint's only (one row per account, not per checkpoint), moved forward by each new
 * checkpoint with the transfers after the previous one, in the same transaction.
 */
export const ledgerCheckpointFlows = pgTable('ledger_checkpoint_flows', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  flow: bigint('flow', { mode: 'bigint' }).notNull(),
});

/** Donations to the foundation, listed publicly. */
export const donations = pgTable(
  'donations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donations_created_idx').on(t.createdAt)],
);

/**
 * Operators' adjustments of member balances (docs/economy.md, "Operators' adjustments"): a credit
 * above what one operator may give alone waits here, `pending`, until a second, different operator
 * approves (`applied`, with its transfer) or someone rejects it. Every other operator adjustment is
 * recorded `applied` at once, so the daily cap and the withdrawal approval rule read one table.
 */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    /** Signed atomic units: negative for a correction down. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedById: bigint('requested_by_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    /** Who approved or rejected it; null when it needed no second operator. */
    decidedById: bigint('decided_by_id', { mode: 'number' }).references(() => operators.id),
    decisionReason: text('decision_reason'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check('adjustment_requests_status_known', sql`${t.status} in ('pending','applied','rejected')`),
    check('adjustment_requests_asset_known', sql`${t.asset} in ('GOLD','USDT','BTC')`),
    check('adjustment_requests_amount_not_zero', sql`${t.amount} <> 0`),
    check('adjustment_requests_pending_credit', sql`${t.status} <> 'pending' or ${t.amount} > 0`),
    check(
      'adjustment_requests_applied',
      sql`(${t.status} = 'applied') = (${t.transferId} is not null and ${t.appliedAt} is not null)`,
    ),
    check(
      'adjustment_requests_second_operator',
      sql`${t.status} <> 'applied' or ${t.decidedById} is null or ${t.decidedById} <> ${t.requestedById}`,
    ),
    index('adjustment_requests_status_idx').on(t.status, t.createdAt, t.id),
    index('adjustment_requests_user_idx').on(t.userId),
    index('adjustment_requests_applied_idx').on(t.asset, t.appliedAt),
  ],
);
