import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** An equity round; at most one is open. Price in USDT atomic units; yield as an exact decimal percent. */
export const equityRounds = pgTable(
  'equity_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    totalShares: integer('total_shares').notNull(),
    sharesRemaining: integer('shares_remaining').notNull(),
    pricePerShare: bigint('price_per_share', { mode: 'bigint' }).notNull(),
    annualYieldPct: text('annual_yield_pct').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    termDays: integer('term_days').notNull(),
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('equity_rounds_shares', sql`${t.sharesRemaining} >= 0 and ${t.sharesRemaining} <= ${t.totalShares}`),
    check('equity_rounds_positive', sql`${t.pricePerShare} > 0 and ${t.termDays} > 0 and ${t.minQuantity} >= 1`),
    uniqueIndex('equity_rounds_one_open').on(t.open).where(sql`${t.open}`),
  ],
);

/** Shares bought (with USDT) or reinvested (from USDT earnings); active for its term, then ended. */
export const equityOrders = pgTable(
  'equity_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => equityRounds.id),
    quantity: integer('quantity').notNull(),
    pricePerShare: bigint('price_per_share', { mode: 'bigint' }).notNull(),
    payment: bigint('payment', { mode: 'bigint' }).notNull(),
    annualYieldPct: text('annual_yield_pct').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull().default('active'),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('equity_orders_status_known', sql`${t.status} in ('active','ended')`),
    check('equity_orders_source_known', sql`${t.source} in ('buy','reinvest')`),
    index('equity_orders_user_idx').on(t.userId, t.status, t.id),
  ],
);

/** One order's static earnings for one settled day: credited once, with the BTC price used. */
export const equityYields = pgTable(
  'equity_yields',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    usdt: bigint('usdt', { mode: 'bigint' }).notNull(),
    btc: bigint('btc', { mode: 'bigint' }).notNull(),
    btcPrice: text('btc_price').notNull(),
    priceSource: text('price_source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] }), index('equity_yields_user_day_idx').on(t.userId, t.day)],
);
