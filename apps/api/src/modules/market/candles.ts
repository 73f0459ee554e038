import type { ErrorName } from '@minecloud/contract/errors';
import { KLINE_LIMITS, type KlineInfo, type KlineInterval, type MarketSource } from '@minecloud/contract/market';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';

/** Candles as the market reads them: the kline series, and the shape both it and a round's candles answer in. */

/** A time column as epoch milliseconds, in text. */
export const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint::text`;
/** A numeric column as its exact text, without trailing zeros. */
export const text = (column: SQL) => sql`trim_scale(${column})::text`;

const RANGE_ERRORS: Record<KlineInterval, ErrorName> = {
  '1m': 'klineMinutesExceeded',
  '1h': 'klineHoursExceeded',
  '1d': 'klineDaysExceeded',
  '1w': 'klineWeeksExceeded',
  '1M': 'klineMonthsExceeded',
};
const UNIT: Record<KlineInterval, string> = { '1m': 'minute', '1h': 'hour', '1d': 'day', '1w': 'week', '1M': 'month' };

const STEP_MS: Partial<Record<KlineInterval, number>> = {
  '1m': 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

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
 * hours are read as stored; days, weeks (from Monday) and months are aggregated on read from the
 * hourly candles, in UTC, as the exchange itself cuts them.
 */
export async function klines(
  db: Db,
  body: { symbol: string; interval: KlineInterval; limit: number; endTime?: string },
  now: Date,
): Promise<KlineInfo> {
  const { symbol, interval, limit } = body;
  const max = KLINE_LIMITS[interval];
  if (limit > max) return failWith(RANGE_ERRORS[interval], { max });
  const [known] = await queryRows<{ symbol: string }>(
    db,
    sql`select symbol from market_symbols where symbol = ${symbol} and enabled`,
  );
  if (!known) return fail('notFound', 'symbol');
  const last = bucketStart(body.endTime ? new Date(body.endTime) : now, interval);
  const from = shift(last, interval, -(limit - 1)).toISOString();
  const to = shift(last, interval, 1).toISOString();
  const unit = UNIT[interval];
  const columns = sql`${text(sql`open`)} as open, ${text(sql`high`)} as high, ${text(sql`low`)} as low,
    ${text(sql`close`)} as close, ${text(sql`volume`)} as volume`;
  let rows: CandleDbRow[];
  if (interval === '1m' || interval === '1h') {
    const table = sql.identifier(interval === '1m' ? 'candles_1m' : 'candles_1h');
    rows = await queryRows<CandleDbRow>(
      db,
      sql`select ${ms(sql`open_time`)} as t, ${columns}, source = 'simulated' as simulated from ${table}
          where symbol = ${symbol} and open_time >= ${from}::timestamptz and open_time < ${to}::timestamptz order by open_time`,
    );
  } else {
    rows = await queryRows<CandleDbRow>(
      db,
      // One pass over the hours for the extremes and sums; each bucket's open and close are then read
      // from its first and last hour by primary key.
      sql`with spans as (
            select date_trunc(${unit}, open_time at time zone 'UTC') as bucket, min(open_time) as first, max(open_time) as last,
              max(high) as high, min(low) as low, sum(volume) as volume, bool_or(source = 'simulated') as simulated
            from candles_1h
            where symbol = ${symbol} and open_time >= ${from}::timestamptz and open_time < ${to}::timestamptz
            group by 1)
          , buckets as (
            select s.bucket, f.open, s.high, s.low, l.close, s.volume, s.simulated
            from spans s
            join candles_1h f on f.symbol = ${symbol} and f.open_time = s.first
            join candles_1h l on l.symbol = ${symbol} and l.open_time = s.last)
          select ${ms(sql`bucket`)} as t, ${columns}, simulated from buckets order by bucket`,
    );
  }
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
