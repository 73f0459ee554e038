import type { ErrorName } from '@minecloud/contract/errors';
import {
  KLINE_LIMITS,
  KLINE_SPANS,
  type KlineInfo,
  type KlineInterval,
  type KlineSpanUnit,
  type MarketSource,
} from '@minecloud/contract/market';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';

/** Candles as the market reads them: the kline series, and the shape both it and a round's candles answer in. */

/** A time column as epoch milliseconds, in text. */
export const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint::text`;
/** A numeric column as its exact text, without trailing zeros. */
export const text = (column: SQL) => sql`trim_scale(${column})::text`;

/** The "must not exceed" prompt of each unit of time a range is counted in (KLINE_SPANS). */
const RANGE_ERRORS: Record<KlineSpanUnit, ErrorName> = {
  minutes: 'klineMinutesExceeded',
  hours: 'klineHoursExceeded',
  days: 'klineDaysExceeded',
  weeks: 'klineWeeksExceeded',
  months: 'klineMonthsExceeded',
};

const STEP_MS: Partial<Record<KlineInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/**
 * How an interval is read: stored as is, or aggregated from a stored table by a UTC bucket
 * (calendar units by date_trunc; 5 and 15 minutes and 4 hours by whole steps since the epoch,
 * as the exchange cuts them).
 */
const SOURCE: Record<KlineInterval, { table: 'candles_1m' | 'candles_1h'; bucket: SQL | null }> = {
  '1m': { table: 'candles_1m', bucket: null },
  '5m': { table: 'candles_1m', bucket: steps(300) },
  '15m': { table: 'candles_1m', bucket: steps(900) },
  '1h': { table: 'candles_1h', bucket: null },
  '4h': { table: 'candles_1h', bucket: steps(14_400) },
  '1d': { table: 'candles_1h', bucket: sql`date_trunc('day', open_time at time zone 'UTC')` },
  '1w': { table: 'candles_1h', bucket: sql`date_trunc('week', open_time at time zone 'UTC')` },
  '1M': { table: 'candles_1h', bucket: sql`date_trunc('month', open_time at time zone 'UTC')` },
};

/** The UTC start of the `seconds`-long step containing open_time. */
function steps(seconds: number): SQL {
  return sql`to_timestamp(floor(extract(epoch from open_time) / ${sql.raw(String(seconds))}) * ${sql.raw(String(seconds))}) at time zone 'UTC'`;
}

/** Start of the UTC period of `interval` containing `at` (weeks start on Monday). */
export function bucketStart(at: Date, interval: KlineInterval): Date {
  if (interval === '1M') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  if (interval === '1w') {
    const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    return new Date(day - ((at.getUTCDay() + 6) % 7) * 86_400_000);
  }
  const step = STEP_MS[interval] as number;
  return new Date(Math.floor(at.getTime() / step) * step);
}

/** `start` moved by `n` periods of `interval`. */
function shift(start: Date, interval: KlineInterval, n: number): Date {
  if (interval === '1M') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + n, 1));
  return new Date(start.getTime() + n * (STEP_MS[interval] as number));
}

export type CandleDbRow = {
  t: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  simulated: boolean;
};

/**
 * Candles newest last, the newest being the one that contains `endTime` (default now). Minutes and
 * hours are read as stored; 5 and 15 minutes are aggregated on read from the minutes, and 4 hours,
 * days, weeks (from Monday) and months from the hours, in UTC, as the exchange itself cuts them.
 */
export async function klines(
  db: Db,
  body: { symbol: string; interval: KlineInterval; limit: number; endTime?: string },
  now: Date,
): Promise<KlineInfo> {
  const { symbol, interval, limit } = body;
  const max = KLINE_LIMITS[interval];
  if (limit > max) {
    const { unit, per } = KLINE_SPANS[interval];
    return failWith(RANGE_ERRORS[unit], { max: max * per });
  }
  const [known] = await queryRows<{ symbol: string }>(
    db,
    sql`select symbol from market_symbols where symbol = ${symbol} and enabled`,
  );
  if (!known) return fail('notFound', 'symbol');
  const last = bucketStart(body.endTime ? new Date(body.endTime) : now, interval);
  const from = shift(last, interval, -(limit - 1)).toISOString();
  const to = shift(last, interval, 1).toISOString();
  const columns = sql`${text(sql`open`)} as open, ${text(sql`high`)} as high, ${text(sql`low`)} as low,
    ${text(sql`close`)} as close, ${text(sql`volume`)} as volume`;
  const { table: name, bucket } = SOURCE[interval];
  const table = sql.identifier(name);
  const range = sql`symbol = ${symbol} and open_time >= ${from}::timestamptz and open_time < ${to}::timestamptz`;
  const rows = bucket
    ? await queryRows<CandleDbRow>(
        db,
        // One pass over the stored candles for the extremes and sums; each bucket's open and close
        // are then read from its first and last stored candle by primary key.
        sql`with spans as (
              select ${bucket} as bucket, min(open_time) as first, max(open_time) as last,
                max(high) as high, min(low) as low, sum(volume) as volume, bool_or(source = 'simulated') as simulated
              from ${table} where ${range}
              group by 1)
            , buckets as (
              select s.bucket, f.open, s.high, s.low, l.close, s.volume, s.simulated
              from spans s
              join ${table} f on f.symbol = ${symbol} and f.open_time = s.first
              join ${table} l on l.symbol = ${symbol} and l.open_time = s.last)
            select ${ms(sql`bucket`)} as t, ${columns}, simulated from buckets order by bucket`,
      )
    : await queryRows<CandleDbRow>(
        db,
        sql`select ${ms(sql`open_time`)} as t, ${columns}, source = 'simulated' as simulated from ${table}
            where ${range} order by open_time`,
      );
  return {
    symbol,
    interval,
    list: rows.map(candleOf),
    source: sourceOf(rows),
  };
}

export const candleOf = (r: CandleDbRow) => ({
  time: new Date(Number(r.t)).toISOString(),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: r.volume,
});

/** Null when there are no candles; simulated when any of them is. */
export const sourceOf = (rows: CandleDbRow[]): MarketSource | null =>
  rows.length === 0 ? null : rows.some((r) => r.simulated) ? 'simulated' : 'exchange';
