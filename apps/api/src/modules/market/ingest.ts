import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, queryRows, type TxDb } from '../../db/client.ts';
import { TICKS_CHANNEL } from '../stream/hub.ts';
import {
  INTERVAL_MS,
  type MarketDataSource,
  MarketSourceError,
  type SourceCandle,
  type SourceInterval,
} from './sources/types.ts';

/**
 * Market ingestion, run every minute by the jobs process (jobs/scheduler.ts), in as many processes as
 * run jobs: for each symbol,
 * - the closed 1-minute candles since the newest stored one (or, on an empty store, since the start
 *   of the minute window) are fetched, page by page, so a gap left while no process ran is
 *   back-filled on the next run;
 * - hours older than the minute window (history on first start, or a gap longer than the window)
 *   are fetched as the source's 1-hour candles;
 * - every hour that received minutes is re-aggregated from its stored minutes, in SQL.
 * Everything is fetched before anything is written, and a symbol's writes are one transaction: a
 * source error, a timeout or a malformed answer (the source refuses those whole) changes nothing.
 * Stored candles are never changed: a repeated or concurrent run inserts nothing twice.
 */

export type IngestOptions = {
  /** How far back hourly history reaches on an empty store. */
  historyDays: number;
  /** How far back 1-minute candles are fetched on an empty store or after a long gap. */
  minuteDays: number;
  /** Requests per symbol and interval in one run; a longer back-fill continues next run. */
  maxPages?: number;
};

export const PAGE_LIMIT = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

export type SymbolReport = { symbol: string; minutes: number; hours: number; error?: string };
export type IngestReport = { symbols: SymbolReport[]; tickers: number; tickerError?: string };

async function fetchRange(
  source: MarketDataSource,
  symbol: string,
  interval: SourceInterval,
  from: number,
  to: number,
  maxPages: number,
): Promise<{ candles: SourceCandle[]; complete: boolean }> {
  const step = INTERVAL_MS[interval];
  const candles: SourceCandle[] = [];
  let start = from;
  for (let page = 0; page < maxPages; page++) {
    if (start > to) return { candles, complete: true };
    const got = await source.klines(symbol, interval, start, to, PAGE_LIMIT);
    candles.push(...got);
    const last = got.at(-1);
    // Fewer than a page: the source has nothing more in the range (a gap it cannot fill stays one).
    if (!last || got.length < PAGE_LIMIT) return { candles, complete: true };
    start = last.openTime + step;
  }
  return { candles, complete: start > to };
}

function asJson(candles: SourceCandle[]): string {
  return JSON.stringify(candles.map((c) => [c.openTime, c.open, c.high, c.low, c.close, c.volume]));
}

async function insertCandles(
  tx: TxDb,
  table: 'candles_1m' | 'candles_1h',
  symbol: string,
  source: string,
  candles: SourceCandle[],
) {
  let inserted = 0;
  for (let i = 0; i < candles.length; i += PAGE_LIMIT) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into ${sql.identifier(table)} (symbol, open_time, open, high, low, close, volume, source)
            select ${symbol}, timestamptz 'epoch' + (r->>0)::bigint * interval '1 millisecond',
              (r->>1)::numeric, (r->>2)::numeric, (r->>3)::numeric, (r->>4)::numeric, (r->>5)::numeric, ${source}
            from jsonb_array_elements(${asJson(candles.slice(i, i + PAGE_LIMIT))}::jsonb) r
            on conflict do nothing
            returning 1)
          select count(*)::int as n from added`,
    );
    inserted += row?.n ?? 0;
  }
  return inserted;
}

/** Rewrites the hourly candles of [from, to) from the stored minutes of those hours. */
export async function rollUpHours(tx: TxDb, symbol: string, from: Date, to: Date) {
  await tx.execute(
    sql`insert into candles_1h (symbol, open_time, open, high, low, close, volume, source)
        select symbol, date_trunc('hour', open_time, 'UTC'),
          (array_agg(open order by open_time))[1], max(high), min(low),
          (array_agg(close order by open_time desc))[1], sum(volume),
          (array_agg(source order by open_time desc))[1]
        from candles_1m
        where symbol = ${symbol} and open_time >= date_trunc('hour', ${from.toISOString()}::timestamptz, 'UTC')
          and open_time < ${to.toISOString()}::timestamptz
        group by symbol, date_trunc('hour', open_time, 'UTC')
        on conflict (symbol, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume, source = excluded.source`,
  );
}

async function newestTimes(db: Db, symbol: string) {
  const [row] = await queryRows<{ minute: string | null; hour: string | null }>(
    db,
    sql`select (select (extract(epoch from max(open_time)) * 1000)::bigint from candles_1m where symbol = ${symbol})::text as minute,
          (select (extract(epoch from max(open_time)) * 1000)::bigint from candles_1h where symbol = ${symbol})::text as hour`,
  );
  return { minute: row?.minute ? Number(row.minute) : null, hour: row?.hour ? Number(row.hour) : null };
}

export async function ingestSymbol(
  db: Db,
  source: MarketDataSource,
  symbol: string,
  now: number,
  options: IngestOptions,
): Promise<SymbolReport> {
  const maxPages = options.maxPages ?? 100;
  const lastClosed = floorTo(now, 60_000) - 60_000;
  const windowStart = floorTo(now - options.minuteDays * DAY, HOUR);
  const newest = await newestTimes(db, symbol);
  const minuteFrom = newest.minute === null ? windowStart : Math.max(newest.minute + 60_000, windowStart);
  const hourFrom = newest.hour === null ? floorTo(now - options.historyDays * DAY, HOUR) : newest.hour + HOUR;
  const hourTo = floorTo(minuteFrom, HOUR) - HOUR;

  const hours =
    hourFrom <= hourTo
      ? await fetchRange(source, symbol, '1h', hourFrom, hourTo, maxPages)
      : { candles: [], complete: true };
  // Minutes only once older hours are complete: hourly history never gets a hole behind them.
  const minutes = hours.complete
    ? await fetchRange(source, symbol, '1m', minuteFrom, lastClosed, maxPages)
    : { candles: [], complete: false };

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(`market:${symbol}`)}::bigint)`);
    const addedHours = await insertCandles(tx, 'candles_1h', symbol, source.name, hours.candles);
    const addedMinutes = await insertCandles(tx, 'candles_1m', symbol, source.name, minutes.candles);
    const first = minutes.candles[0];
    const last = minutes.candles.at(-1);
    if (first && last) await rollUpHours(tx, symbol, new Date(first.openTime), new Date(last.openTime + 60_000));
    return { symbol, minutes: addedMinutes, hours: addedHours };
  });
}

async function recordFeed(db: Db, part: string, now: Date, error?: string) {
  await db.execute(
    error === undefined
      ? sql`insert into market_feed (part, ok_at) values (${part}, ${now.toISOString()})
            on conflict (part) do update set ok_at = excluded.ok_at`
      : sql`insert into market_feed (part, error, error_at) values (${part}, ${error}, ${now.toISOString()})
            on conflict (part) do update set error = excluded.error, error_at = excluded.error_at`,
  );
}

export async function ingestTickers(db: Db, source: MarketDataSource, symbols: string[], now: number) {
  const tickers = await source.tickers(symbols, now);
  if (tickers.length === 0) return 0;
  await db.execute(
    sql`insert into market_tickers (symbol, price, open_24h, high_24h, low_24h, volume_24h, quote_volume_24h, change_24h_pct, source, as_of)
        select t->>'symbol', (t->>'price')::numeric, (t->>'open24h')::numeric, (t->>'high24h')::numeric, (t->>'low24h')::numeric,
          (t->>'volume24h')::numeric, (t->>'quoteVolume24h')::numeric, (t->>'change24hPct')::numeric, ${source.name},
          timestamptz 'epoch' + (t->>'asOf')::bigint * interval '1 millisecond'
        from jsonb_array_elements(${JSON.stringify(tickers)}::jsonb) t
        on conflict (symbol) do update set price = excluded.price, open_24h = excluded.open_24h, high_24h = excluded.high_24h,
          low_24h = excluded.low_24h, volume_24h = excluded.volume_24h, quote_volume_24h = excluded.quote_volume_24h,
          change_24h_pct = excluded.change_24h_pct, source = excluded.source, as_of = excluded.as_of
        where market_tickers.as_of <= excluded.as_of`,
  );
  // The live stream's price ticks (public, not stored): every API process sends them on.
  const prices = tickers.map(({ symbol, price, change24hPct, asOf }) => ({ symbol, price, change24hPct, asOf }));
  await db.execute(sql`select pg_notify(${TICKS_CHANNEL}, ${JSON.stringify({ prices })})`);
  return tickers.length;
}

export async function enabledSymbols(db: Db): Promise<string[]> {
  const rows = await queryRows<{ symbol: string }>(
    db,
    sql`select symbol from market_symbols where enabled order by sort, symbol`,
  );
  return rows.map((r) => r.symbol);
}

function describe(error: unknown): string {
  if (error instanceof MarketSourceError) return error.message;
  return `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
}

/** One poll of every enabled symbol and the tickers; each part fails alone and is recorded. */
export async function ingestMarket(
  db: Db,
  source: MarketDataSource,
  now: Date,
  options: IngestOptions,
): Promise<IngestReport> {
  const symbols = await enabledSymbols(db);
  const report: IngestReport = { symbols: [], tickers: 0 };
  for (const symbol of symbols) {
    try {
      report.symbols.push(await ingestSymbol(db, source, symbol, now.getTime(), options));
      await recordFeed(db, symbol, now);
    } catch (error) {
      const message = describe(error);
      report.symbols.push({ symbol, minutes: 0, hours: 0, error: message });
      await recordFeed(db, symbol, now, message);
    }
  }
  try {
    report.tickers = await ingestTickers(db, source, symbols, now.getTime());
    await recordFeed(db, 'tickers', now);
  } catch (error) {
    report.tickerError = describe(error);
    await recordFeed(db, 'tickers', now, report.tickerError);
  }
  return report;
}
