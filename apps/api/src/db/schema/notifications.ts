import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The notification centre: what happened to a member's money and requests, one row per
 * event, written in the event's transaction (modules/notifications/write.ts). No text: the app
 * renders each kind from `params` (decimal amounts, asset, ids, a hash, a reason) in the member's
 * language. A daily kind has `day` set: one row per member, kind and day.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    day: date('day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The contract's NOTIFICATION_KINDS.
    check(
      'notifications_kind',
      sql`${t.kind} in ('withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected', 'referral_reward', 'pool_payout', 'mining_output', 'equity_yield', 'feedback_replied')`,
    ),
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_daily_idx').on(t.userId, t.kind, t.day).where(sql`${t.day} is not null`),
  ],
);

/**
 * Notices are for everyone, so they have no notification rows: a member's published notices newer
 * than `seen_at` (without a row, than their sign-up) count as unread.
 */
export const noticeReads = pgTable('notice_reads', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
