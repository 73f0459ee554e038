import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The miner catalogue. Hash rate in units of 10^-6 TH/s, price in USDT atomic units (6 decimals). */
export const minerProducts = pgTable(
  'miner_products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    hashRate: bigint('hash_rate', { mode: 'bigint' }).notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('miner_products_positive', sql`${t.hashRate} > 0 and ${t.price} > 0 and ${t.durationDays} > 0`),
    check('miner_products_min_quantity', sql`${t.minQuantity} >= 1`),
  ],
);

/**
 * A product's stock, dealt into slots (modules/mining/stock.ts): the stock is their sum, and a
 * purchase takes its units from a slot no other purchase holds (docs/architecture.md, "Stock and
 * flash sales").
 */
export const minerStockSlots = pgTable(
  'miner_stock_slots',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => minerProducts.id),
    slot: smallint('slot').notNull(),
    stock: integer('stock').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.slot] }),
    check('miner_stock_slots_not_negative', sql`${t.stock} >= 0`),
  ],
);

/** One purchase: N units of a product, what was paid, the hash rate given and burned. */
export const minerOrders = pgTable(
  'miner_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => minerProducts.id),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    /** The member's hash rate from this order, after the burn (all units). */
    hashRate: bigint('hash_rate', { mode: 'bigint' }).notNull(),
    burned: bigint('burned', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('miner_orders_user_idx').on(t.userId, t.id)],
);

/** One miner per unit bought: mining from start_at until end_at, then terminated. */
export const miners = pgTable(
  'miners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => minerOrders.id),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    hashRate: bigint('hash_rate', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('mining'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('miners_status_known', sql`${t.status} in ('mining','terminated')`),
    check('miners_ends_after_start', sql`${t.endAt} > ${t.startAt}`),
    // Also INCLUDEs hash_rate, start_at and end_at (migration 0043; drizzle cannot say so), so the
    // settlement's chunks read the index alone.
    index('miners_user_status_idx').on(t.userId, t.status, t.id),
    index('miners_mining_end_idx').on(t.endAt).where(sql`${t.status} = 'mining'`),
  ],
);

/**
 * Every change of a member's hash rate (spec: hash rate records). Own = purchase (in), burn (out),
 * expiry (out); bonus = level bonus. Quantities in 10^-6 TH/s.
 */
export const powerRecords = pgTable(
  'power_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    direction: text('direction').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    minerId: bigint('miner_id', { mode: 'number' }),
  },
  (t) => [
    check('power_records_source_known', sql`${t.source} in ('own','bonus')`),
    check('power_records_kind_known', sql`${t.kind} in ('purchase','burn','level_bonus','expiry')`),
    check('power_records_direction_known', sql`${t.direction} in ('in','out')`),
    check('power_records_quantity_positive', sql`${t.quantity} > 0`),
    index('power_records_user_idx').on(t.userId, t.source, t.id),
    index('power_records_burn_idx').on(t.releaseAt).where(sql`${t.kind} = 'burn'`),
  ],
);

/** A member's new performance in U (miner purchases now; the team module sums these). */
export const performanceEvents = pgTable(
  'performance_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amountUsdt: bigint('amount_usdt', { mode: 'bigint' }).notNull(),
    /** The settlement day (in the settlement time zone) the performance counts for. */
    day: date('day').notNull(),
    source: text('source').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('performance_events_day_idx').on(t.day), index('performance_events_user_idx').on(t.userId, t.day)],
);

/** A settled mining day: the rate used, so every output can be recomputed and checked. */
export const settlementDays = pgTable(
  'settlement_days',
  {
    day: date('day').primaryKey(),
    btcPerThPerDay: text('btc_per_th_per_day').notNull(),
    /** 'fixed' (the operator's rate, `mining.btcPerThPerDay`) or 'network' (the day's network_days, less `poolFee`). */
    output: text('output').notNull().default('fixed'),
    /** The pool fee (a rate) a network day was paid after; null for a fixed one. */
    poolFee: text('pool_fee'),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    dayEnd: timestamp('day_end', { withTimezone: true }).notNull(),
    members: integer('members').notNull(),
    totalBtc: bigint('total_btc', { mode: 'bigint' }).notNull(),
    terminated: integer('terminated').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('settlement_days_output_known', sql`${t.output} in ('fixed', 'network')`)],
);

/**
 * What the Bitcoin network paid on a settlement day, from its blocks (network_blocks) as the source
 * gave them: written once, when the day is complete on the chain (modules/network/days.ts).
 */
export const networkDays = pgTable(
  'network_days',
  {
    day: date('day').primaryKey(),
    /** 'node' (Bitcoin Core at BTC_RPC_URL) or 'simulated' (the demo's chain). */
    source: text('source').notNull(),
    firstHeight: integer('first_height').notNull(),
    lastHeight: integer('last_height').notNull(),
    blocks: integer('blocks').notNull(),
    subsidy: bigint('subsidy', { mode: 'bigint' }).notNull(),
    fees: bigint('fees', { mode: 'bigint' }).notNull(),
    /** Σ of the blocks' work, up to 2^256: exact in numeric, read as text. */
    work: numeric('work', { precision: 80, scale: 0 }).notNull(),
    /** BTC one TH/s earned in the day before the pool fee. */
    btcPerTh: text('btc_per_th').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('network_days_source_known', sql`${t.source} in ('node', 'simulated')`)],
);

/** One block of a network day, with what a member needs to recompute the day. */
export const networkBlocks = pgTable(
  'network_blocks',
  {
    day: date('day')
      .notNull()
      .references(() => networkDays.day),
    height: integer('height').notNull(),
    hash: text('hash').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    /** The compact target, eight hex digits. */
    bits: text('bits').notNull(),
    subsidy: bigint('subsidy', { mode: 'bigint' }).notNull(),
    fees: bigint('fees', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.height] })],
);

/** One member's output for one settled day: credited once, however often settlement runs. */
export const miningOutputs = pgTable(
  'mining_outputs',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    ownHash: bigint('own_hash', { mode: 'bigint' }).notNull(),
    bonusHash: bigint('bonus_hash', { mode: 'bigint' }).notNull(),
    btc: bigint('btc', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A job's run for one period: the unique key that makes a period run once. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: text('result'),
    trigger: text('trigger').notNull(),
    /** Which attempt this was: 1 + the failed ones in `job_attempts` before it. */
    attempt: integer('attempt').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * A run of a job that failed, recorded after its work was rolled back: what the backoff counts
 * (jobs/retry.ts). `round` is the job's latest period when it was made: each round has its own tries.
 */
export const jobAttempts = pgTable(
  'job_attempts',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    attempt: integer('attempt').notNull(),
    round: text('round').notNull(),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    error: text('error').notNull(),
  },
  (t) => [primaryKey({ name: 'job_attempts_pk', columns: [t.job, t.period, t.attempt] })],
);

/** A period a job waits for (JobDefinition.waitFor) and why; deleted once the period has run. */
export const jobWaits = pgTable(
  'job_waits',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    reason: text('reason').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * A chunked job's period in progress (jobs/runner.ts): what its first step fixed for every chunk.
 * The row goes with the period's `job_runs` record.
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    prepared: jsonb('prepared').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * The member id ranges of a chunked job's period still to do (migration 0041): listed by its first
 * step, each deleted in the transaction that does it.
 */
export const jobChunks = pgTable(
  'job_chunks',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    fromId: bigint('from_id', { mode: 'number' }).notNull(),
    toId: bigint('to_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period, t.fromId] })],
);
