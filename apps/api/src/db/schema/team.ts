import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Team figures (docs/economy.md, "Team, referral rewards and levels"). A purchase or a sign-in never
 * touches an ancestor's row: it appends one delta here, and the roll-up (modules/team/rollup.ts)
 * takes the queued deltas, carries them up the tree once per depth, and adds them to the ancestors'
 * aggregates below. Team figures are therefore at most one roll-up interval behind.
 */
export const teamDeltas = pgTable('team_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** The buyer, or the newcomer. */
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  day: date('day').notNull(),
  /** USDT atomic units of performance. */
  amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
  /** 1 for a newcomer, 0 for a purchase. */
  members: integer('members').notNull().default(0),
});

/** Per member and department: all-time performance (USDT units) and members below. */
export const teamPerformance = pgTable(
  'team_performance',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    department: smallint('department').notNull(),
    performance: bigint('performance', { mode: 'bigint' }).notNull().default(sql`0`),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.department] })],
);

/** Per settlement day, member and department: the new performance of that day. */
export const teamPerformanceDaily = pgTable(
  'team_performance_daily',
  {
    day: date('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    department: smallint('department').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.department] })],
);

/** Per member: the whole team's performance (all departments), for the community ranking. */
export const teamTotals = pgTable(
  'team_totals',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    performance: bigint('performance', { mode: 'bigint' }).notNull().default(sql`0`),
    members: integer('members').notNull().default(0),
  },
  (t) => [index('team_totals_rank_idx').on(sql`${t.performance} desc`, t.userId)],
);

/** Per settlement day and member: the whole team's new performance, for the daily rankings and the pool. */
export const teamDailyTotals = pgTable(
  'team_daily_totals',
  {
    day: date('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    index('team_daily_totals_rank_idx').on(t.day, sql`${t.amount} desc`, t.userId),
  ],
);

/** The roll-up's own record: when it last ran and how much it took, for the "as of" of team figures. */
export const teamRollups = pgTable('team_rollups', {
  id: smallint('id').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  deltas: bigint('deltas', { mode: 'number' }).notNull(),
});

/** One referral (dynamic) reward: who earned it from whose purchase, in which generation. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    beneficiaryId: bigint('beneficiary_id', { mode: 'number' }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    /** 1 direct inviter, 2 the inviter's inviter. */
    generation: smallint('generation').notNull(),
    /** The purchase's payment, USDT units. */
    purchaseAmount: bigint('purchase_amount', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rate: text('rate').notNull(),
    reference: text('reference').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('referral_rewards_generation', sql`${t.generation} in (1, 2)`),
    index('referral_rewards_beneficiary_idx').on(t.beneficiaryId, t.buyerId),
  ],
);

/** Gold coins paid into a prize-pool round: a share of a miner purchase, or a member's forge. */
export const poolContributions = pgTable(
  'pool_contributions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('pool_contributions_kind_known', sql`${t.kind} in ('purchase','forge')`),
    check('pool_contributions_positive', sql`${t.amount} > 0`),
    index('pool_contributions_day_idx').on(t.day),
  ],
);

/**
 * A participant of a round (joined by forging at least `pool.minForge`); at the round's end its
 * place, new performance, weight and payout are frozen here.
 */
export const poolEntries = pgTable(
  'pool_entries',
  {
    day: date('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    forged: bigint('forged', { mode: 'bigint' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    rank: integer('rank'),
    newPerformance: bigint('new_performance', { mode: 'bigint' }),
    weightPct: integer('weight_pct'),
    amount: bigint('amount', { mode: 'bigint' }),
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('pool_entries_rank_idx').on(t.day, t.rank)],
);

/** A settled prize-pool round: pool = rolloverIn + funded = paid + rounding + rolloverOut. */
export const poolRounds = pgTable(
  'pool_rounds',
  {
    day: date('day').primaryKey(),
    rolloverIn: bigint('rollover_in', { mode: 'bigint' }).notNull(),
    funded: bigint('funded', { mode: 'bigint' }).notNull(),
    pool: bigint('pool', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    rounding: bigint('rounding', { mode: 'bigint' }).notNull(),
    rolloverOut: bigint('rollover_out', { mode: 'bigint' }).notNull(),
    participants: integer('participants').notNull(),
    weights: text('weights').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'pool_rounds_balanced',
      sql`${t.pool} = ${t.rolloverIn} + ${t.funded} and ${t.pool} = ${t.paid} + ${t.rounding} + ${t.rolloverOut}`,
    ),
  ],
);
