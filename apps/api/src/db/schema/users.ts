import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    address: text('address').notNull().unique(),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    /** Which of the inviter's departments (1..3) this member sits in. */
    department: smallint('department'),
    email: text('email'),
    withdrawAddress: text('withdraw_address'),
    identity: text('identity').notNull().default('guest'),
    level: smallint('level').notNull().default(0),
    /** Generations below the top of the invitation tree (0 without an inviter): the roll-up's order. */
    depth: integer('depth').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_inviter_idx').on(t.inviterId),
    check('users_department_range', sql`${t.department} between 1 and 3`),
    check('users_identity_known', sql`${t.identity} in ('guest','regular','silver','gold')`),
  ],
);

/** Each member's three placement codes, one per department. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    code: text('code').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    department: smallint('department').notNull(),
  },
  (t) => [
    unique('invite_codes_user_department').on(t.userId, t.department),
    check('invite_codes_department_range', sql`${t.department} between 1 and 3`),
  ],
);
