import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

/**
 * Every change of an operator-editable setting (modules/config/settings.ts), kept for good: a key's
 * value at a time is its latest change effective by then. A change may take effect later.
 */
export const settingChanges = pgTable(
  'setting_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('setting_changes_key_idx').on(t.key, t.effectiveAt, t.id)],
);

/**
 * A loosening change of a guarded setting, waiting for a second operator (docs/operations.md,
 * "Settings that guard money"; modules/config/proposals.ts). Approved, it becomes a row of
 * setting_changes (`change_id`); the database refuses an approval by the proposer.
 */
export const settingProposals = pgTable(
  'setting_proposals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    /** The value in effect when proposed, for the diff the approver sees. */
    before: jsonb('before'),
    /** The effect time the proposer asked for; the change never applies before it. */
    askedAt: timestamp('asked_at', { withTimezone: true }),
    status: text('status').notNull().default('pending'),
    proposedById: bigint('proposed_by_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedById: bigint('decided_by_id', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    changeId: bigint('change_id', { mode: 'number' }).references(() => settingChanges.id),
  },
  (t) => [
    check(
      'setting_proposals_status_known',
      sql`${t.status} in ('pending','approved','rejected','withdrawn','expired')`,
    ),
    check('setting_proposals_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('setting_proposals_approved', sql`(${t.status} = 'approved') = (${t.changeId} is not null)`),
    check(
      'setting_proposals_second_operator',
      sql`${t.status} not in ('approved','rejected') or ${t.decidedById} <> ${t.proposedById}`,
    ),
    index('setting_proposals_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** The first answer to each (member, Idempotency-Key), replayed to every repeat. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Who did what to what, with the state before and after: every operator action writes one. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The id of the request that made the change (x-request-id), to find it in the logs. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_action_idx').on(t.action, t.id)],
);

/**
 * Fixed-window counters shared by every process (lib/limits.ts): request limits per IP or member,
 * sign-ins per wallet address, the daily upload budget. One row per key holds its current window
 * (from its first hit), bumped or restarted by one atomic upsert; ended windows are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('rate_limits_expires_idx').on(t.expiresAt),
    check('rate_limits_hits_not_negative', sql`${t.hits} >= 0`),
  ],
);

/**
 * The live stream's events (modules/stream), written by triggers in the transaction of each change
 * (migrations 0022, 0033) and kept for the reconnect window: a member's own (`user_id`) or public
 * (null). `seq` is their order, given by the relay once they committed (null until then).
 */
export const streamEvents = pgTable(
  'stream_events',
  {
    // No primary key (migration 0039): events are read by seq, and found pending by id.
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [
    check(
      'stream_events_kind',
      sql`${t.kind} in ('balance', 'withdrawal', 'reward', 'feedback', 'notification', 'round', 'pool', 'notice')`,
    ),
    index('stream_events_user_idx').on(t.userId, t.seq).where(sql`${t.seq} is not null`),
    uniqueIndex('stream_events_seq_idx').on(t.seq).where(sql`${t.seq} is not null`),
    index('stream_events_pending_idx').on(t.id).where(sql`${t.seq} is null`),
  ],
);

/** The relay's position (modules/stream/relay.ts): the last seq it gave, and the last it published. */
export const streamRelay = pgTable(
  'stream_relay',
  {
    id: smallint('id').primaryKey().default(1),
    assigned: bigint('assigned', { mode: 'number' }).notNull().default(0),
    published: bigint('published', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('stream_relay_one_row', sql`${t.id} = 1`),
    check('stream_relay_published_assigned', sql`${t.published} <= ${t.assigned}`),
  ],
);
