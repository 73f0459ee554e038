import type { ErrorName } from '@minecloud/contract/errors';
import {
  type CoinDetail,
  type CoinInfoList,
  type CoinRow,
  KLINE_LIMITS,
  type KlineInfo,
  type KlineInterval,
  type MarketSource,
  type MarketTrend,
  type Round,
  type RoundsPage,
  type TrendRow,
} from '@minecloud/contract/market';
import type { RoundCandles } from '@minecloud/contract/transparency';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, pageClause, queryRows } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';

/** Reads of the market base and the rounds list: all public, all from stored data only. */

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint::text`;
const isoOf = (value: string | null) => (value === null ? null : new Date(Number(value)).toISOString());
const text = (column: SQL) => sql`trim_scale(${column})::text`;

type CoinDbRow = {
  symbol: string;
  base: string;
  name: string;
  chain: boolean;
  price: string | null;
  change: string | null;
  high: string | null;
  low: string | null;
  volume: string | null;
  open: string | null;
  quote: string | null;
  source: MarketSource | null;
  as_of: string | null;
};

const coinColumns = sql`s.symbol, s.base, s.name, s.chain, ${text(sql`t.price`)} as price, ${text(sql`t.change_24h_pct`)} as change,
  ${text(sql`t.high_24h`)} as high, ${text(sql`t.low_24h`)} as low, ${text(sql`t.volume_24h`)} as volume,
  ${text(sql`t.open_24h`)} as open, ${text(sql`t.quote_volume_24h`)} as quote, t.source, ${ms(sql`t.as_of`)} as as_of`;

function coinRow(r: CoinDbRow): CoinRow {
  return {
    symbol: r.symbol,
    base: r.base,
    name: r.name,
    chain: r.chain,
    price: r.price,
    change24hPct: r.change,
    high24h: r.high,
    low24h: r.low,
    volume24h: r.volume,
    source: r.source,
    asOf: isoOf(r.as_of),
  };
}

export async function coinList(
  db: Db,
  query: { pageNo: number; pageSize: number; chain?: boolean },
): Promise<CoinInfoList> {
  const only = query.chain === undefined ? sql`true` : sql`s.chain = ${query.chain}`;
  const rows = await queryRows<CoinDbRow>(
    db,
    sql`select ${coinColumns} from market_symbols s left join market_tickers t on t.symbol = s.symbol
        where s.enabled and ${only} order by s.sort, s.symbol ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from market_symbols s where s.enabled and ${only}`,
  );
  return { list: rows.map(coinRow), total: count?.n ?? 0 };
}

export async function coinDetail(db: Db, symbol: string): Promise<CoinDetail> {
  const [row] = await queryRows<CoinDbRow & { last_candle: string | null }>(
    db,
    sql`select ${coinColumns},
          (select ${ms(sql`max(open_time)`)} from candles_1m c where c.symbol = s.symbol) as last_candle
        from market_symbols s left join market_tickers t on t.symbol = s.symbol
        where s.enabled and s.symbol = ${symbol}`,
  );
  if (!row) return fail('notFound', 'symbol');
  return { ...coinRow(row), open24h: row.open, quoteVolume24h: row.quote, lastCandleAt: isoOf(row.last_candle) };
}

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

type CandleDbRow = {
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

/** Every coin with its 24-hour figures and its last 24 hourly closes. */
export async function marketTrend(db: Db, now: Date): Promise<MarketTrend> {
  const rows = await queryRows<CoinDbRow & { trend: string[] | string | null }>(
    db,
    sql`select ${coinColumns},
          (select json_agg(close order by open_time) from (
             select ${text(sql`h.close`)} as close, h.open_time from candles_1h h
             where h.symbol = s.symbol and h.open_time <= ${now.toISOString()}::timestamptz
             order by h.open_time desc limit 24) last_day) as trend
        from market_symbols s left join market_tickers t on t.symbol = s.symbol
        where s.enabled order by s.sort, s.symbol`,
  );
  const list: TrendRow[] = rows.map((r) => ({
    ...coinRow(r),
    trend: (typeof r.trend === 'string' ? JSON.parse(r.trend) : r.trend) ?? [],
  }));
  const sign = (row: TrendRow) =>
    row.change24hPct === null ? null : row.change24hPct.startsWith('-') ? -1 : /[1-9]/.test(row.change24hPct) ? 1 : 0;
  const priced = list.filter((r) => r.asOf !== null);
  const newest =
    priced
      .map((r) => r.asOf as string)
      .sort()
      .at(-1) ?? null;
  return {
    list,
    rising: list.filter((r) => sign(r) === 1).length,
    falling: list.filter((r) => sign(r) === -1).length,
    unchanged: list.filter((r) => sign(r) === 0).length,
    source: priced.some((r) => r.source === 'simulated') ? 'simulated' : priced.length ? 'exchange' : null,
    asOf: newest,
  };
}

type RoundDbRow = {
  period_no: string;
  period: number;
  symbol: string;
  start_at: string;
  end_at: string;
  open_price: string | null;
  close_price: string | null;
  result: 'up' | 'down' | 'flat' | null;
  settled_at: string | null;
  source: MarketSource | null;
};

/** Closed rounds of one length, newest first; pending ones included, marked as such. */
export async function roundsPage(
  db: Db,
  query: { period: 1 | 3; pageNo: number; pageSize: number },
): Promise<RoundsPage> {
  const rows = await queryRows<RoundDbRow>(
    db,
    sql`select ${ROUND_COLUMNS} from rounds where period = ${query.period} order by rounds.start_at desc ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rounds where period = ${query.period}`,
  );
  return { list: rows.map(roundOf), total: count?.n ?? 0 };
}

const candleOf = (r: CandleDbRow) => ({
  time: new Date(Number(r.t)).toISOString(),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: r.volume,
});

/** Null when there are no candles; simulated when any of them is. */
const sourceOf = (rows: CandleDbRow[]): MarketSource | null =>
  rows.length === 0 ? null : rows.some((r) => r.simulated) ? 'simulated' : 'exchange';

function roundOf(r: RoundDbRow): Round {
  return {
    periodNo: Number(r.period_no),
    period: r.period,
    symbol: r.symbol,
    startAt: isoOf(r.start_at) as string,
    endAt: isoOf(r.end_at) as string,
    openPrice: r.open_price,
    closePrice: r.close_price,
    result: r.result ?? 'pending',
    settledAt: isoOf(r.settled_at),
    source: r.source,
  };
}

const ROUND_COLUMNS = sql`period_no::text, period, symbol, ${ms(sql`start_at`)} as start_at, ${ms(sql`end_at`)} as end_at,
  ${text(sql`open_price`)} as open_price, ${text(sql`close_price`)} as close_price, result,
  ${ms(sql`settled_at`)} as settled_at, source`;

/**
 * One round with the stored 1-minute candles it was decided by (issue 12), so that anyone can
 * recompute it (contract `recomputeRound`). Minute candles are kept for the back-fill window only:
 * past it, `kept` is false and the list empty.
 */
export async function roundCandles(db: Db, query: { period: 1 | 3; periodNo: number }): Promise<RoundCandles> {
  const [row] = await queryRows<RoundDbRow & { kept: boolean }>(
    db,
    sql`select ${ROUND_COLUMNS},
          exists (select 1 from candles_1m c where c.symbol = r.symbol and c.open_time <= r.start_at) as kept
        from rounds r where period = ${query.period} and period_no = ${query.periodNo}`,
  );
  if (!row) return fail('notFound');
  const round = roundOf(row);
  const candles = await queryRows<CandleDbRow>(
    db,
    sql`select ${ms(sql`open_time`)} as t, ${text(sql`open`)} as open, ${text(sql`high`)} as high, ${text(sql`low`)} as low,
          ${text(sql`close`)} as close, ${text(sql`volume`)} as volume, source = 'simulated' as simulated
        from candles_1m where symbol = ${round.symbol} and open_time >= ${round.startAt}::timestamptz
          and open_time < ${round.endAt}::timestamptz order by open_time`,
  );
  return {
    round,
    candles: candles.map(candleOf),
    kept: row.kept,
    source: sourceOf(candles),
  };
}
