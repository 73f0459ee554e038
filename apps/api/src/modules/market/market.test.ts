import { compareDecimal } from '@minecloud/contract/decimal';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { candle, listSource, onlySymbols } from '../../../test/market.ts';
import { queryRows } from '../../db/client.ts';
import { btcClosePrice } from '../equity/yield.ts';
import { ingestMarket } from './ingest.ts';
import { settleRounds } from './rounds.ts';
import { createSimulatedSource } from './sources/simulated.ts';

const OPTIONS = { historyDays: 3, minuteDays: 3 };

async function market(
  app: TestApp,
  path: string,
  query: Record<string, string | number>,
  headers: Record<string, string> = {},
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/market-api/${path}?${search}`, headers });
}

describe('candles aggregated on read, against hand-computed candles', () => {
  let app: TestApp;
  // Sunday 29 Nov 2026 23:58 UTC to Tuesday 1 Dec 00:01: a day, a week (Monday) and a month boundary.
  const minutes = [
    candle('2026-11-29T23:58:00Z', '10', '12', '9', '11', '1'),
    candle('2026-11-29T23:59:00Z', '11', '15', '10', '14', '2'),
    candle('2026-11-30T00:00:00Z', '14', '14', '8', '9', '3'),
    candle('2026-11-30T23:59:00Z', '9', '10', '7', '10', '4'),
    candle('2026-12-01T00:00:00Z', '10', '20', '10', '19', '5.5'),
    candle('2026-12-01T00:01:00Z', '19', '19', '18.5', '18.75', '0.25'),
  ];
  const now = new Date('2026-12-01T00:02:30Z');

  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { clock: { now: () => now } });
    await onlySymbols(app, 'BTCUSDT');
    const report = await ingestMarket(app.db, listSource({ BTCUSDT: minutes }), now, OPTIONS);
    expect(report.symbols[0]).toMatchObject({ minutes: 6 });
  });
  afterAll(() => app.close());

  const list = async (interval: string, limit: number, endTime?: string) => {
    const res = await market(app, 'blockCoin/getKlineInfo', {
      symbol: 'BTCUSDT',
      interval,
      limit,
      ...(endTime ? { endTime } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .data.list.map((c: Record<string, string>) => [c.time?.slice(0, 16), c.open, c.high, c.low, c.close, c.volume]);
  };

  it('1m: the stored minutes, newest last, the newest containing endTime', async () => {
    // The newest minute is the current one (00:02, not closed yet, so absent).
    expect(await list('1m', 4)).toEqual([
      ['2026-11-30T23:59', '9', '10', '7', '10', '4'],
      ['2026-12-01T00:00', '10', '20', '10', '19', '5.5'],
      ['2026-12-01T00:01', '19', '19', '18.5', '18.75', '0.25'],
    ]);
    expect(await list('1m', 2, '2026-11-29T23:59:30Z')).toEqual([
      ['2026-11-29T23:58', '10', '12', '9', '11', '1'],
      ['2026-11-29T23:59', '11', '15', '10', '14', '2'],
    ]);
  });

  it('1h: each hour, first open, highest high, lowest low, last close, summed volume', async () => {
    expect(await list('1h', 48)).toEqual([
      ['2026-11-29T23:00', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '8', '9', '3'],
      ['2026-11-30T23:00', '9', '10', '7', '10', '4'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
  });

  it('5m and 15m from the minutes, 4h from the hours, in whole UTC steps', async () => {
    expect(await list('5m', 576)).toEqual([
      ['2026-11-29T23:55', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '8', '9', '3'],
      ['2026-11-30T23:55', '9', '10', '7', '10', '4'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
    expect(await list('15m', 192)).toEqual([
      ['2026-11-29T23:45', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '8', '9', '3'],
      ['2026-11-30T23:45', '9', '10', '7', '10', '4'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
    expect(await list('4h', 12)).toEqual([
      ['2026-11-29T20:00', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '8', '9', '3'],
      ['2026-11-30T20:00', '9', '10', '7', '10', '4'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
    // The newest candle is the one containing endTime; the limit counts candles back from it.
    expect(await list('5m', 1, '2026-11-29T23:59:30Z')).toEqual([['2026-11-29T23:55', '10', '15', '9', '14', '3']]);
    expect(await list('15m', 2, '2026-11-30T00:14:59Z')).toEqual([
      ['2026-11-29T23:45', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '8', '9', '3'],
    ]);
    expect(await list('4h', 1, '2026-11-30T03:59:59Z')).toEqual([['2026-11-30T00:00', '14', '14', '8', '9', '3']]);
  });

  it('1d, 1w (from Monday) and 1M, in UTC', async () => {
    expect(await list('1d', 5)).toEqual([
      ['2026-11-29T00:00', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '14', '7', '10', '7'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
    expect(await list('1w', 2)).toEqual([
      ['2026-11-23T00:00', '10', '15', '9', '14', '3'],
      ['2026-11-30T00:00', '14', '20', '7', '18.75', '12.75'],
    ]);
    expect(await list('1M', 2)).toEqual([
      ['2026-11-01T00:00', '10', '15', '7', '10', '10'],
      ['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75'],
    ]);
    // The limit counts periods back from the newest: one day is today only.
    expect(await list('1d', 1)).toEqual([['2026-12-01T00:00', '10', '20', '10', '18.75', '5.75']]);
  });

  it('a range over the limit gets the "must not exceed" prompt of its unit, localized', async () => {
    const cases = [
      ['1m', 1441, 1050, '分钟数不能超过 1440'],
      // Five- and fifteen-minute candles and four-hour ones: the span in minutes or hours.
      ['5m', 577, 1050, '分钟数不能超过 2880'],
      ['15m', 193, 1050, '分钟数不能超过 2880'],
      ['1h', 721, 1051, '小时数不能超过 720'],
      ['4h', 361, 1051, '小时数不能超过 1440'],
      ['1d', 366, 1052, '天数不能超过 365'],
      ['1w', 105, 1053, '周数不能超过 104'],
      ['1M', 61, 1054, '月数不能超过 60'],
    ] as const;
    for (const [interval, limit, code, msg] of cases) {
      const res = await market(app, 'blockCoin/getKlineInfo', { symbol: 'BTCUSDT', interval, limit });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code, data: null, msg });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const en = await market(
      app,
      'blockCoin/getKlineInfo',
      { symbol: 'BTCUSDT', interval: '1M', limit: 61 },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe('Months must not exceed 60');
    const unknown = await market(app, 'blockCoin/getKlineInfo', { symbol: 'NOPEUSDT', interval: '1d', limit: 5 });
    expect(unknown.statusCode).toBe(404);
    const badInterval = await market(app, 'blockCoin/getKlineInfo', { symbol: 'BTCUSDT', interval: '2d', limit: 5 });
    expect(badInterval.statusCode).toBe(400);
  });

  it("prices equity's BTC part of a day at the day's last stored BTCUSDT close, else the fallback", async () => {
    expect(await btcClosePrice(app.db, '2026-12-01T00:00:00.000Z')).toEqual({ price: '10', source: 'market' });
    expect(await btcClosePrice(app.db, '2026-11-30T00:00:00.000Z')).toEqual({ price: '14', source: 'market' });
    // A day older than the stored minutes, with hourly history only.
    await app.db.execute(sql`insert into candles_1h (symbol, open_time, open, high, low, close, volume, source)
      values ('BTCUSDT', '2026-11-20T22:00:00Z', 5, 6, 4, 5.5, 1, 'simulated')`);
    expect(await btcClosePrice(app.db, '2026-11-21T00:00:00.000Z')).toEqual({ price: '5.5', source: 'simulated' });
    expect(await btcClosePrice(app.db, '2026-11-26T00:00:00.000Z')).toEqual({ price: '60000', source: 'fallback' });
  });

  it('POST answers the same as GET; GET answers carry Cache-Control and an ETag, and revalidate with 304', async () => {
    const body = { symbol: 'BTCUSDT', interval: '1d', limit: 5 };
    const post = await app.inject({ method: 'POST', url: '/market-api/blockCoin/getKlineInfo', payload: body });
    const get = await market(app, 'blockCoin/getKlineInfo', body);
    expect(post.json()).toEqual(get.json());
    expect(get.headers['cache-control']).toBe('public, max-age=30');
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await market(app, 'blockCoin/getKlineInfo', body, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await market(app, 'blockCoin/getKlineInfo', { ...body, limit: 2 }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    // Market calls are public: no token needed, and none is looked at.
    expect(get.json().code).toBe(0);
  });
});

describe('coin lists and the market trend', () => {
  let app: TestApp;
  const now = new Date('2026-11-23T12:00:30Z');

  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { clock: { now: () => now } });
  });
  afterAll(() => app.close());

  it('before the feed delivered anything: every coin listed, without prices', async () => {
    const res = await market(app, 'blockCoin/coinInfoList', { pageNo: 1, pageSize: 20 });
    const data = res.json().data;
    expect(data.total).toBe(8);
    expect(data.list[0]).toMatchObject({
      symbol: 'BTCUSDT',
      name: 'Bitcoin',
      price: null,
      change24hPct: null,
      source: null,
    });
    const trend = (await market(app, 'tokenMarketCondition/tokenMarketCondition', {})).json().data;
    expect(trend).toMatchObject({ rising: 0, falling: 0, unchanged: 0, source: null, asOf: null });
    expect(trend.list[0].trend).toEqual([]);
  });

  it('the simulated feed: prices, 24h change, paging, the chain zone and hourly trend lines, all labelled simulated', async () => {
    await ingestMarket(app.db, createSimulatedSource(), now, { historyDays: 2, minuteDays: 1 });
    const page = (await market(app, 'blockCoin/coinInfoList', { pageNo: 2, pageSize: 3 })).json().data;
    expect(page.total).toBe(8);
    expect(page.list.map((c: { symbol: string }) => c.symbol)).toEqual(['SOLUSDT', 'TRXUSDT', 'ADAUSDT']);
    const chains = (await market(app, 'blockCoin/coinInfoList', { pageNo: 1, pageSize: 20, chain: 'true' })).json()
      .data;
    expect(chains.total).toBe(6);
    expect(chains.list.every((c: { chain: boolean }) => c.chain)).toBe(true);
    const posted = await app.inject({
      method: 'POST',
      url: '/market-api/blockCoin/coinInfoList',
      payload: { pageNo: 1, pageSize: 20, chain: true },
    });
    expect(posted.json().data).toEqual(chains);

    const detail = (await market(app, 'blockCoin/getCoinDetail', { symbol: 'btcusdt' })).json().data;
    expect(detail).toMatchObject({
      symbol: 'BTCUSDT',
      source: 'simulated',
      asOf: '2026-11-23T12:00:00.000Z',
      lastCandleAt: '2026-11-23T11:59:00.000Z',
    });
    expect(detail.price).toMatch(/^\d+(\.\d{1,2})?$/);
    // The ticker's price is the close of the last stored minute: the same market, checkable.
    const [last] = await queryRows<{ close: string }>(
      app.db,
      sql`select trim_scale(close)::text as close from candles_1m where symbol = 'BTCUSDT' order by open_time desc limit 1`,
    );
    expect(detail.price).toBe(last?.close);

    const trend = (
      await app.inject({ method: 'POST', url: '/market-api/tokenMarketCondition/tokenMarketCondition' })
    ).json().data;
    expect(trend.source).toBe('simulated');
    expect(trend.rising + trend.falling + trend.unchanged).toBe(8);
    expect(trend.list[0].trend).toHaveLength(24);
    const [lastHour] = await queryRows<{ close: string }>(
      app.db,
      sql`select trim_scale(close)::text as close from candles_1h where symbol = 'BTCUSDT' order by open_time desc limit 1`,
    );
    expect(trend.list[0].trend.at(-1)).toBe(lastHour?.close);
    expect((await market(app, 'blockCoin/getCoinDetail', { symbol: 'NOPEUSDT' })).statusCode).toBe(404);
  });
});

describe('up/down rounds', () => {
  let app: TestApp;
  const base = Date.parse('2026-11-23T04:00:00Z');
  const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
  // Minutes 0..8: 1-minute results up, down, flat, up, up, down, flat, down, up.
  const closes = ['101', '100', '100', '102', '103', '101', '101', '99', '100'];
  const minutes = closes.map((close, i) => {
    const open = i === 0 ? '100' : (closes[i - 1] as string);
    const [low, high] = compareDecimal(open, close) <= 0 ? [open, close] : [close, open];
    return candle(at(i), open, high, low, close);
  });

  beforeAll(async () => {
    app = await buildTestApp();
    await onlySymbols(app, 'BTCUSDT');
  });
  afterAll(() => app.close());

  const rounds = async (period: 1 | 3) =>
    (await app.inject({ method: 'GET', url: `/app-api/guessPeriod/list?period=${period}&pageSize=100` })).json().data;

  it('a round whose candle is missing stays pending; the candle arriving settles it, from its open and close', async () => {
    const source = listSource({ BTCUSDT: minutes.slice(0, 7) });
    const now = new Date(base + 9 * 60_000 + 30_000); // 04:09:30: minutes 0..8 have closed, 7 and 8 not delivered
    await ingestMarket(app.db, source, now, { historyDays: 1, minuteDays: 1 });
    await app.db.execute(sql`delete from rounds`);
    // Rounds start at the window's start: keep the test to the nine minutes above.
    await app.db.execute(sql`insert into rounds (period, start_at, end_at, period_no, symbol)
      values (1, ${at(-1)}, ${at(0)}, 0, 'BTCUSDT'), (3, ${at(-3)}, ${at(0)}, 0, 'BTCUSDT')`);
    await app.db.execute(sql`delete from rounds where start_at < ${at(0)}`);
    // …and pretend those placeholders were the newest, so rounds continue from minute 0.
    await app.db.execute(sql`insert into rounds (period, start_at, end_at, period_no, symbol, open_price, close_price, result, settled_at)
      values (1, ${at(-1)}, ${at(0)}, 1, 'BTCUSDT', 1, 1, 'flat', now()), (3, ${at(-3)}, ${at(0)}, 1, 'BTCUSDT', 1, 1, 'flat', now())`);

    const first = await settleRounds(app.db, now, { minuteDays: 1 });
    expect(first).toEqual({ created: 9 + 3, settled: 7 + 2 });
    const one = (await rounds(1)).list.filter((r: { startAt: string }) => r.startAt >= at(0));
    expect(one.map((r: { result: string }) => r.result)).toEqual([
      'pending',
      'pending',
      'flat',
      'down',
      'up',
      'up',
      'flat',
      'down',
      'up',
    ]);
    expect(one[8]).toMatchObject({
      startAt: at(0),
      endAt: at(1),
      openPrice: '100',
      closePrice: '101',
      symbol: 'BTCUSDT',
      source: 'exchange',
    });
    expect(one[0]).toMatchObject({ openPrice: null, closePrice: null, settledAt: null });
    const three = (await rounds(3)).list.filter((r: { startAt: string }) => r.startAt >= at(0));
    expect(
      three.map((r: { result: string; openPrice: string; closePrice: string }) => [
        r.result,
        r.openPrice,
        r.closePrice,
      ]),
    ).toEqual([
      ['pending', null, null],
      ['up', '100', '101'],
      ['flat', '100', '100'],
    ]);
    // 04:00 UTC is 12:00 in Shanghai (the settlement time zone): round 721 of 1 minute, 241 of 3.
    expect(three[2].periodNo).toBe(202611230241);
    expect(one[8].periodNo).toBe(202611230721);

    // The late candles arrive: exactly the pending rounds settle, nothing else changes.
    source.candles.BTCUSDT = minutes;
    await ingestMarket(app.db, source, new Date(now.getTime() + 1_000), { historyDays: 1, minuteDays: 1 });
    const second = await settleRounds(app.db, new Date(now.getTime() + 1_000), { minuteDays: 1 });
    expect(second).toEqual({ created: 0, settled: 3 });
    const settled = (await rounds(1)).list.filter((r: { startAt: string }) => r.startAt >= at(0));
    expect(settled.map((r: { result: string }) => r.result)).toEqual([
      'up',
      'down',
      'flat',
      'down',
      'up',
      'up',
      'flat',
      'down',
      'up',
    ]);
    expect((await rounds(3)).list[0]).toMatchObject({ result: 'down', openPrice: '101', closePrice: '100' });
  });

  it('two runs at once settle each round exactly once', async () => {
    await app.db.execute(
      sql`update rounds set result = null, open_price = null, close_price = null, settled_at = null, source = null`,
    );
    const now = new Date(base + 9 * 60_000 + 40_000);
    const [a, b] = await Promise.all([
      settleRounds(app.db, now, { minuteDays: 1 }),
      settleRounds(app.db, new Date(now.getTime() + 1), { minuteDays: 1 }),
    ]);
    const [count] = await queryRows<{ all: number; settled: number }>(
      app.db,
      sql`select count(*)::int as all, count(result)::int as settled from rounds where start_at >= ${at(0)}`,
    );
    const pending = await queryRows(
      app.db,
      sql`select period, start_at::text from rounds where result is null and start_at >= ${at(0)}`,
    );
    expect(pending).toEqual([]);
    expect(a.settled + b.settled).toBe(count?.settled);
    expect(count?.settled).toBe(12);
    expect(a.created + b.created).toBe(0);
  });
});

describe('a round recomputed from its candles always matches', () => {
  it('for any sequence of candles, with any missing', async () => {
    const app = await buildTestApp();
    await onlySymbols(app, 'BTCUSDT');
    try {
      const base = Date.parse('2026-11-23T06:00:00Z');
      const price = fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 99 }));
      const minute = fc.record({ open: price, close: price, present: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(fc.array(minute, { minLength: 3, maxLength: 12 }), async (drawn) => {
          await app.db.execute(sql`truncate candles_1m, candles_1h, rounds`);
          const text = ([whole, cents]: [number, number]) => `${whole}.${String(cents).padStart(2, '0')}`;
          const candles = drawn.flatMap((m, i) => {
            if (!m.present) return [];
            const [open, close] = [text(m.open), text(m.close)];
            const [low, high] = compareDecimal(open, close) <= 0 ? [open, close] : [close, open];
            return [candle(new Date(base + i * 60_000).toISOString(), open, high, low, close)];
          });
          const now = new Date(base + drawn.length * 60_000 + 5_000);
          await ingestMarket(app.db, listSource({ BTCUSDT: candles }), now, { historyDays: 1, minuteDays: 1 });
          await app.db.execute(
            sql`insert into rounds (period, start_at, end_at, period_no, symbol, open_price, close_price, result, settled_at) values
              (1, ${new Date(base - 60_000).toISOString()}, ${new Date(base).toISOString()}, 0, 'BTCUSDT', 1, 1, 'flat', now()),
              (3, ${new Date(base - 180_000).toISOString()}, ${new Date(base).toISOString()}, 0, 'BTCUSDT', 1, 1, 'flat', now())`,
          );
          await settleRounds(app.db, now, { minuteDays: 1 });
          const byTime = new Map(candles.map((c) => [c.openTime, c]));
          const stored = await queryRows<{
            period: number;
            start: string;
            open: string | null;
            close: string | null;
            result: string | null;
          }>(
            app.db,
            sql`select period, (extract(epoch from start_at) * 1000)::bigint::text as start, trim_scale(open_price)::text as open,
                  trim_scale(close_price)::text as close, result from rounds where start_at >= ${new Date(base).toISOString()}`,
          );
          for (const round of stored) {
            const first = byTime.get(Number(round.start));
            const last = byTime.get(Number(round.start) + (round.period - 1) * 60_000);
            if (!first || !last) {
              expect(round.result).toBeNull();
              continue;
            }
            const order = compareDecimal(last.close, first.open);
            expect(round).toMatchObject({
              open: trimmed(first.open),
              close: trimmed(last.close),
              result: order > 0 ? 'up' : order < 0 ? 'down' : 'flat',
            });
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      await app.close();
    }
  });
});

function trimmed(value: string) {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

describe('the simulated source', () => {
  it('is a pure function of (symbol, minute): two sources agree, a long candle is its minutes aggregated', async () => {
    const a = createSimulatedSource();
    const b = createSimulatedSource();
    const start = Date.parse('2026-11-23T10:00:00Z');
    const minutes = await a.klines('ETHUSDT', '1m', start, start + 59 * 60_000, 1000);
    expect(await b.klines('ETHUSDT', '1m', start, start + 59 * 60_000, 1000)).toEqual(minutes);
    // Part of the range gives the same candles as the whole.
    expect(await b.klines('ETHUSDT', '1m', start + 30 * 60_000, start + 31 * 60_000, 10)).toEqual(
      minutes.slice(30, 32),
    );
    const [hour] = await a.klines('ETHUSDT', '1h', start, start, 1);
    const max = (xs: string[]) => xs.reduce((m, x) => (compareDecimal(x, m) > 0 ? x : m));
    const min = (xs: string[]) => xs.reduce((m, x) => (compareDecimal(x, m) < 0 ? x : m));
    expect(hour).toMatchObject({
      openTime: start,
      open: minutes[0]?.open,
      close: minutes.at(-1)?.close,
      high: max(minutes.map((c) => c.high)),
      low: min(minutes.map((c) => c.low)),
    });
    for (const [i, c] of minutes.entries()) {
      expect(compareDecimal(c.low, c.open) <= 0 && compareDecimal(c.low, c.close) <= 0).toBe(true);
      expect(compareDecimal(c.high, c.open) >= 0 && compareDecimal(c.high, c.close) >= 0).toBe(true);
      if (i > 0) expect(c.open).toBe(minutes[i - 1]?.close);
    }
    const volumeUnits = (value = '0') => {
      const [whole = '0', fraction = ''] = value.split('.');
      return BigInt(whole + fraction.padEnd(4, '0'));
    };
    expect(volumeUnits(hour?.volume)).toBe(minutes.reduce((sum, c) => sum + volumeUnits(c.volume), 0n));
    // Different coins, different markets.
    const [btc] = await a.klines('BTCUSDT', '1m', start, start, 1);
    expect(btc?.open).not.toBe(minutes[0]?.open);
  });

  it('trades more on some days than others, as markets do, and the same on every run', async () => {
    const start = Date.parse('2026-10-01T00:00:00Z');
    const end = start + (60 * 24 - 1) * 3_600_000;
    // Days are their hours aggregated (candles.ts), as the chart's daily candles are.
    const hours = await createSimulatedSource().klines('BTCUSDT', '1h', start, end, 60 * 24);
    expect(hours).toHaveLength(60 * 24);
    expect(await createSimulatedSource().klines('BTCUSDT', '1h', start, end, 60 * 24)).toEqual(hours);
    // Floats only to measure the spread of the figures.
    const hourly = hours.map((hour) => Number(hour.volume));
    const volumes = Array.from({ length: 60 }, (_, day) =>
      hourly.slice(day * 24, day * 24 + 24).reduce((sum, v) => sum + v, 0),
    );
    const mean = volumes.reduce((sum, v) => sum + v, 0) / volumes.length;
    const spread = Math.sqrt(volumes.reduce((sum, v) => sum + (v - mean) ** 2, 0) / volumes.length) / mean;
    // Uniform minute noise alone gave a spread under 1%: bars of one height.
    expect(spread).toBeGreaterThan(0.15);
    expect(Math.max(...volumes) / Math.min(...volumes)).toBeGreaterThan(1.8);
    expect(new Set(volumes.map((v) => Math.round(v / (mean / 50)))).size).toBeGreaterThan(15);
    // Hours of one day differ too.
    const today = hourly.slice(0, 24);
    expect(Math.max(...today) / Math.min(...today)).toBeGreaterThan(1.5);
  });
});
