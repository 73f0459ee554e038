import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Market data (modules/market). Prices and volumes are `numeric` exactly as the source gave them;
 * they are market data, not money, but they price the BTC part of equity earnings, so no float
 * ever holds one.
 */

/** The coins the platform shows (BTC, ETH and the public chains' coins), quoted in USDT. */
export const marketSymbols = pgTable('market_symbols', {
  symbol: text('symbol').primaryKey(),
  base: text('base').notNull(),
  name: text('name').notNull(),
  /** A public chain's own coin: listed in the public chain zone. */
  chain: boolean('chain').notNull().default(true),
  sort: integer('sort').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

const candleColumns = {
  symbol: text('symbol').notNull(),
  openTime: timestamp('open_time', { withTimezone: true }).notNull(),
  open: numeric('open').notNull(),
  high: numeric('high').notNull(),
  low: numeric('low').notNull(),
  close: numeric('close').notNull(),
  volume: numeric('volume').notNull(),
  /** 'exchange' or 'simulated': shown wherever the price is. */
  source: text('source').notNull(),
};

/**
 * Closed 1-minute candles, the record every other figure derives from; a stored candle never
 * changes (ingestion inserts and skips what exists).
 */
export const candles1m = pgTable('candles_1m', candleColumns, (t) => [
  primaryKey({ columns: [t.symbol, t.openTime] }),
  check(
    'candles_1m_shape',
    sql`${t.low} <= least(${t.open}, ${t.close}) and ${t.high} >= greatest(${t.open}, ${t.close}) and ${t.low} > 0 and ${t.volume} >= 0`,
  ),
]);

/**
 * Hourly candles: for an hour with stored minutes, the SQL aggregate of those minutes (rewritten
 * whenever one of its minutes arrives); for an hour older than the minute back-fill window, the
 * source's own 1-hour candle. Days, weeks and months are aggregated from these on read.
 */
export const candles1h = pgTable('candles_1h', candleColumns, (t) => [
  primaryKey({ columns: [t.symbol, t.openTime] }),
  check(
    'candles_1h_shape',
    sql`${t.low} <= least(${t.open}, ${t.close}) and ${t.high} >= greatest(${t.open}, ${t.close}) and ${t.low} > 0 and ${t.volume} >= 0`,
  ),
]);

/** The source's rolling 24-hour figures per symbol, replaced on every successful poll. */
export const marketTickers = pgTable('market_tickers', {
  symbol: text('symbol').primaryKey(),
  price: numeric('price').notNull(),
  open24h: numeric('open_24h').notNull(),
  high24h: numeric('high_24h').notNull(),
  low24h: numeric('low_24h').notNull(),
  volume24h: numeric('volume_24h').notNull(),
  quoteVolume24h: numeric('quote_volume_24h').notNull(),
  change24hPct: numeric('change_24h_pct').notNull(),
  source: text('source').notNull(),
  /** When the source computed the figures. */
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
});

/** The feed's health per part ('tickers' or a symbol): when it last worked and its last error. */
export const marketFeed = pgTable('market_feed', {
  part: text('part').primaryKey(),
  okAt: timestamp('ok_at', { withTimezone: true }),
  error: text('error'),
  errorAt: timestamp('error_at', { withTimezone: true }),
});

/**
 * Up/down rounds (docs/economy.md, "Up/down rounds"): one row per (period, start). A round is created
 * pending once it has ended, and its result is written exactly once, from the open of the 1-minute
 * candle at its start and the close of the one ending at its end; a missing candle keeps it pending.
 */
export const rounds = pgTable(
  'rounds',
  {
    period: smallint('period').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    periodNo: bigint('period_no', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    openPrice: numeric('open_price'),
    closePrice: numeric('close_price'),
    result: text('result'),
    source: text('source'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.startAt] }),
    index('rounds_pending_idx').on(t.period, t.startAt).where(sql`${t.result} is null`),
    check('rounds_result', sql`${t.result} in ('up', 'down', 'flat')`),
    check(
      'rounds_settled',
      sql`(${t.result} is null) = (${t.settledAt} is null) and (${t.result} is null) = (${t.closePrice} is null)`,
    ),
  ],
);
