import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { marketFingerprint, onlySymbols, type ReplayMode, replayExchange } from '../../../test/market.ts';
import { queryRows } from '../../db/client.ts';
import { ingestMarket } from './ingest.ts';
import { createExchangeSource } from './sources/exchange.ts';

const OPTIONS = { historyDays: 4, minuteDays: 1 };
const FIRST = new Date('2026-11-20T02:00:30Z');
const LATER = new Date('2026-11-20T02:10:30Z');

describe('the exchange source, against a local replay of recorded Binance v3 answers', () => {
  let app: TestApp;
  let exchange: Awaited<ReturnType<typeof replayExchange>>;
  let source: ReturnType<typeof createExchangeSource>;

  beforeAll(async () => {
    app = await buildTestApp();
    await onlySymbols(app, 'BTCUSDT');
    exchange = await replayExchange();
    source = createExchangeSource({ baseUrl: exchange.url, timeoutMs: 300 });
  });
  afterAll(async () => {
    await exchange.close();
    await app.close();
  });

  const feed = async (part: string) =>
    (
      await queryRows<{ error: string | null; ok_at: string | null }>(
        app.db,
        sql`select error, ok_at::text from market_feed where part = ${part}`,
      )
    )[0];

  it('stores history as hourly candles, the minute window as 1-minute candles, their hours rolled up, and the ticker', async () => {
    const report = await ingestMarket(app.db, source, FIRST, OPTIONS);
    expect(report.symbols).toEqual([{ symbol: 'BTCUSDT', minutes: 120, hours: 72 }]);
    expect(report.tickers).toBe(1);
    // The requests were the exchange's own format: symbol, interval, range, limit.
    expect(exchange.state.requests).toContain(
      `/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${Date.parse('2026-11-19T02:00:00Z')}&endTime=${Date.parse('2026-11-20T01:59:00Z')}&limit=1000`,
    );
    expect(exchange.state.requests.some((r) => r.startsWith('/api/v3/ticker/24hr?symbols=%5B%22BTCUSDT%22%5D'))).toBe(
      true,
    );

    const [counts] = await queryRows<{ minutes: number; hours: number }>(
      app.db,
      sql`select (select count(*)::int from candles_1m) as minutes, (select count(*)::int from candles_1h) as hours`,
    );
    expect(counts).toEqual({ minutes: 120, hours: 74 });
    // The recorded first minute, stored exactly (trailing zeros are the exchange's formatting).
    const [first] = await queryRows<{ open: string; close: string; source: string }>(
      app.db,
      sql`select trim_scale(open)::text as open, trim_scale(close)::text as close, source from candles_1m order by open_time limit 1`,
    );
    expect(first).toEqual({ open: '65959.98', close: '66000.93', source: 'exchange' });
    const coin = await app.inject({ method: 'GET', url: '/market-api/blockCoin/getCoinDetail?symbol=BTCUSDT' });
    expect(coin.json().data).toMatchObject({
      price: '65920.46',
      open24h: '66007.43',
      source: 'exchange',
      change24hPct: '-0.13',
    });
    expect((await feed('BTCUSDT'))?.error).toBeNull();
  });

  const damaged: ReplayMode[] = [
    'http500',
    'http429',
    'timeout',
    'notJson',
    'cutOff',
    'notAList',
    'highBelowLow',
    'negativePrice',
    'exponent',
    'outOfRange',
    'unordered',
    'duplicate',
    'misaligned',
    'tooMany',
  ];
  it.each(damaged)('a %s answer changes nothing stored and is recorded as the feed error', async (mode) => {
    const before = await marketFingerprint(app);
    exchange.state.mode = mode;
    const report = await ingestMarket(app.db, source, LATER, OPTIONS);
    exchange.state.mode = 'ok';
    expect(report.symbols[0]?.error).toBeTruthy();
    expect(await marketFingerprint(app)).toEqual(before);
    const status = await feed('BTCUSDT');
    expect(status?.error).toBe(report.symbols[0]?.error);
    if (mode === 'timeout') expect(status?.error).toMatch(/timed out after 300 ms/);
    if (mode === 'http500') expect(status?.error).toMatch(/HTTP 500/);
    if (mode === 'highBelowLow') expect(status?.error).toMatch(/outside low\.\.high/);
  });

  it.each(['tickerUnknownSymbol', 'tickerBadPrice'] as const)(
    'a %s ticker answer leaves the stored ticker as it was',
    async (mode) => {
      const [before] = await queryRows<{ t: string }>(
        app.db,
        sql`select price::text || as_of as t from market_tickers`,
      );
      exchange.state.mode = mode;
      const report = await ingestMarket(app.db, source, LATER, OPTIONS);
      exchange.state.mode = 'ok';
      expect(report.tickerError).toMatch(/bad payload/);
      expect(
        (await queryRows<{ t: string }>(app.db, sql`select price::text || as_of as t from market_tickers`))[0],
      ).toEqual(before);
      expect((await feed('tickers'))?.error).toBe(report.tickerError);
    },
  );

  it('the next good answer back-fills the minutes missed while the source failed', async () => {
    await app.db.execute(sql`delete from candles_1m where open_time >= '2026-11-20T02:00:00Z'`);
    await app.db.execute(sql`delete from candles_1h where open_time >= '2026-11-20T02:00:00Z'`);
    const report = await ingestMarket(app.db, source, new Date('2026-11-20T02:11:30Z'), OPTIONS);
    expect(report.symbols).toEqual([{ symbol: 'BTCUSDT', minutes: 11, hours: 0 }]);
    const [hour] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from candles_1h where open_time = '2026-11-20T02:00:00Z'`,
    );
    expect(hour?.n).toBe(1);
    // The last error stays on record for operators, older than the last success.
    const [status] = await queryRows<{ recovered: boolean }>(
      app.db,
      sql`select ok_at > error_at as recovered from market_feed where part = 'BTCUSDT'`,
    );
    expect(status?.recovered).toBe(true);
  });
});
