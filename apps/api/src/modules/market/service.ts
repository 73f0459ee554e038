import type {
  CoinDetail,
  CoinInfoList,
  CoinRow,
  MarketSource,
  MarketTrend,
  Round,
  RoundsPage,
  TrendRow,
} from '@minecloud/contract/market';
import type { RoundCandles } from '@minecloud/contract/transparency';
import { sql } from 'drizzle-orm';
import { type Db, pageClause, queryRows } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { type CandleDbRow, candleOf, ms, sourceOf, text } from './candles.ts';

/** Reads of the market base and the rounds list: all public, all from stored data only (klines: candles.ts). */

const isoOf = (value: string | null) => (value === null ? null : new Date(Number(value)).toISOString());

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
 * One round with the stored 1-minute candles it was decided by, so that anyone can
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
