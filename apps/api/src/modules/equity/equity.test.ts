import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTooManyDecimals } from '../../../test/amounts.ts';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { failingInsert } from '../../../test/faults.ts';
import { fund, get, type Member, newMember, post, quickMembers, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { settlementJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';

const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-20 10:00'));
let app: TestApp;
let operator: string;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
  operator = await operatorToken(app);
});
afterAll(() => app.close());

async function openRound(
  fields: Partial<{
    totalShares: number;
    pricePerShare: string;
    annualYieldPct: string;
    minQuantity: number;
    termDays: number;
  }> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/equity/round',
    headers: { authorization: `Bearer ${operator}` },
    payload: { totalShares: 1000, pricePerShare: '10', annualYieldPct: '18', minQuantity: 1, termDays: 365, ...fields },
  });
  expect(res.json().code).toBe(0);
  return res.json().data.roundId as string;
}
const remaining = async () =>
  (await queryRows<{ n: number }>(app.db, sql`select shares_remaining as n from equity_rounds where open`))[0]?.n;
const orders = (m: Member) =>
  queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from equity_orders where user_id = ${m.userId}`).then(
    (r) => r[0]?.n,
  );
const buy = (m: Member, body: object, key?: string) => post(app, m, 'biz/equity-investment-order/buy', body, key);
const settle = (day: string) =>
  runJob(app.db, settlementJob, day, {
    now: new Date(startOfDay(addDays(day, 1), 'Asia/Shanghai').getTime() + 5_000),
    trigger: 'test',
  });

describe('round', () => {
  it('answers null while no round is open, then the round an operator opened, with the feature flags', async () => {
    expect((await get(app, null, 'biz/equity-investment/get')).body.data).toBeNull();
    await openRound({ totalShares: 500, pricePerShare: '12.5', annualYieldPct: '7.5', minQuantity: 2, termDays: 180 });
    expect((await get(app, null, 'biz/equity-investment/get')).body.data).toMatchObject({
      totalShares: 500,
      sharesRemaining: 500,
      pricePerShare: '12.5',
      annualYieldPct: '7.5',
      minQuantity: 2,
      termDays: 180,
      btcSharePct: '50',
      minReinvestU: '10',
      tradingOpen: false,
      repurchaseOpen: false,
    });
  });
});

describe('buy', () => {
  beforeAll(() => openRound({ totalShares: 1000, pricePerShare: '10', minQuantity: 2 }));

  it('pays quantity × price to the treasury, takes the shares, records the order and a performance event', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '100');
    const before = await remaining();
    const res = await buy(m, { quantity: 3 });
    expect(res.body).toMatchObject({ code: 0, data: { payment: '30', quantity: 3 } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(70_000_000n);
    expect(await remaining()).toBe((before ?? 0) - 3);
    const page = await get(app, m, 'biz/equity-investment-order/page?pageNo=1&pageSize=10');
    expect(page.body.data.list[0]).toMatchObject({ quantity: 3, payment: '30', status: 'active', source: 'buy' });
    const events = await queryRows(
      app.db,
      sql`select 1 from performance_events where user_id = ${m.userId} and source = 'equity_buy'`,
    );
    expect(events).toHaveLength(1);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it.each([
    ['no quantity', {}, 400, 'Enter Quantity'],
    ['below the minimum', { quantity: 1 }, 400, 'Buy at least 2'],
    ['more than remain', { quantity: 100_000 }, 200, 'Not enough shares left'],
    ['a balance too low', { quantity: 5 }, 200, 'Insufficient balance'],
    ['a fractional quantity', { quantity: 2.5 }, 400, 'Invalid value for quantity'],
    ['a negative quantity', { quantity: -2 }, 400, 'Invalid value for quantity'],
    ['a quantity as text', { quantity: '2' }, 400, 'Invalid value for quantity'],
  ])('refuses %s with a clear message, and moves nothing', async (_case, body, status, msg) => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '20');
    const before = await remaining();
    const res = await buy(m, body);
    expect(res.status).toBe(status);
    expect(res.body.msg).toContain(msg);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(20_000_000n);
    expect(await remaining()).toBe(before);
    expect(await orders(m)).toBe(0);
  });

  it('gives one order and one answer for 50 identical requests with one key, and refuses that key with another body', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '100');
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 50 }, () => buy(m, { quantity: 2 }, key)));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(await orders(m)).toBe(1);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(80_000_000n);
    expect((await buy(m, { quantity: 3 }, key)).status).toBe(409);
    expect(await orders(m)).toBe(1);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(80_000_000n);
  });

  it.each(['transfers', 'equity_orders', 'performance_events', 'idempotency_keys'])(
    'a purchase whose %s leg fails leaves no trace',
    async (table) => {
      const m = await newMember(app);
      await fund(app, m.userId, 'USDT', '100');
      const before = await remaining();
      const res = await failingInsert(app, table, 'true', () => buy(m, { quantity: 2 }));
      expect(res.status).toBe(500);
      expect(await unitsOf(app, m.userId, 'USDT')).toBe(100_000_000n);
      expect(await remaining()).toBe(before);
      expect(await orders(m)).toBe(0);
      expect((await checkLedger(app.db)).ok).toBe(true);
    },
  );
});

describe('race', () => {
  it('sells exactly the last 100 shares to 200 concurrent buyers', async () => {
    await openRound({ totalShares: 100, pricePerShare: '1', minQuantity: 1 });
    const members = await quickMembers(app, 200);
    for (const m of members) await fund(app, m.userId, 'USDT', '1');
    const results = await Promise.all(members.map((m) => buy(m, { quantity: 1 })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(100);
    expect(results.filter((r) => r.body.code !== 0).every((r) => r.body.code === 1031)).toBe(true);
    expect(await remaining()).toBe(0);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('reinvest and static earnings', () => {
  let m: Member;
  beforeAll(async () => {
    // 3-day term: an order bought on the 20th earns for the 21st, 22nd and 23rd.
    await openRound({ totalShares: 10_000, pricePerShare: '10', annualYieldPct: '18', minQuantity: 1, termDays: 3 });
    m = await newMember(app);
    await fund(app, m.userId, 'USDT', '1000');
    clock.set(at('2026-11-20 10:00'));
    expect((await buy(m, { quantity: 100 })).body.code).toBe(0);
  });

  it('pays payment × 18% / 365 a day, half in U and half in BTC at the fallback price, to the atomic unit, for the term only', async () => {
    const paid: [bigint, bigint][] = [];
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      const before = [
        await unitsOf(app, m.userId, 'USDT', 'earnings'),
        await unitsOf(app, m.userId, 'BTC', 'earnings'),
      ];
      expect((await settle(day)).ran).toBe(true);
      paid.push([
        (await unitsOf(app, m.userId, 'USDT', 'earnings')) - before[0]!,
        (await unitsOf(app, m.userId, 'BTC', 'earnings')) - before[1]!,
      ]);
    }
    // 1000 U × 18% / 365 = 0.493150 U (rounded down); half (0.246575 U) in U, half at 60000 U/BTC = 410 satoshis.
    expect(paid).toEqual([
      [0n, 0n],
      [246_575n, 410n],
      [246_575n, 410n],
      [246_575n, 410n],
      [0n, 0n],
    ]);
    expect(await settle('2026-11-22')).toEqual({ ran: false, reason: 'done' });
    clock.set(at('2026-11-25 12:00'));
    const [order] = (await get(app, m, 'biz/equity-investment-order/page?pageNo=1&pageSize=10')).body.data.list;
    expect(order.status).toBe('ended');
    const detail = await get(app, m, `biz/equity-investment-order/get?id=${order.id}`);
    expect(detail.body.data).toMatchObject({
      totalStaticU: '0.739725',
      totalStaticBtc: '0.0000123',
      availableStaticU: '0.739725',
      availableStaticBtc: '0.0000123',
    });
    expect(detail.body.data.days[0]).toEqual({
      day: '2026-11-23',
      usdt: '0.246575',
      btc: '0.0000041',
      btcPrice: '60000',
      priceSource: 'fallback',
    });
    const stranger = await newMember(app);
    expect((await get(app, stranger, `biz/equity-investment-order/get?id=${order.id}`)).status).toBe(404);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it("lists the member's dividends per settled day, oldest first: U, BTC, and both in U at the day's price", async () => {
    // Now is 2026-11-25 12:00 in the settlement's zone: the newest settled day is the 24th.
    const res = await get(app, m, 'biz/equity-investment-order/daily-yield?days=6');
    const paid = { usdt: '0.246575', btc: '0.0000041', value: '0.492575' };
    const none = { usdt: '0', btc: '0', value: '0' };
    // 410 satoshis at 60000 U/BTC are 0.246 U: with the 0.246575 U, 0.492575 U a day.
    expect(res.body.data.list).toEqual([
      { day: '2026-11-19', ...none },
      { day: '2026-11-20', ...none },
      { day: '2026-11-21', ...paid },
      { day: '2026-11-22', ...paid },
      { day: '2026-11-23', ...paid },
      { day: '2026-11-24', ...none },
    ]);
    expect((await get(app, m, 'biz/equity-investment-order/daily-yield')).body.data.list).toHaveLength(30);
    // Another member sees days, never this member's dividends.
    const stranger = await newMember(app);
    const theirs = (await get(app, stranger, 'biz/equity-investment-order/daily-yield?days=6')).body.data.list;
    expect(theirs.map((day: { value: string }) => day.value)).toEqual(['0', '0', '0', '0', '0', '0']);
    expect((await get(app, m, 'biz/equity-investment-order/daily-yield?days=91')).status).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/app-api/biz/equity-investment-order/daily-yield' })).statusCode,
    ).toBe(401);
  });

  it('reinvests U earnings into whole shares, keeping the rest, and refuses what it cannot do', async () => {
    const r = await newMember(app);
    await fund(app, r.userId, 'USDT', '25', 'earnings');
    const reinvest = (amount?: string) =>
      post(app, r, 'biz/equity-investment-order/re-buy', amount === undefined ? {} : { amount });
    expect((await reinvest()).body.msg).toBe('Enter USDT Amount');
    expect((await reinvest('9.99')).body.msg).toBe('Reinvest at least 10 USDT');
    expect((await reinvest('30')).body.code).toBe(1010);
    expect((await reinvest('abc')).status).toBe(400);
    expect(await unitsOf(app, r.userId, 'USDT', 'earnings')).toBe(25_000_000n);
    const ok = await reinvest('25');
    expect(ok.body.data).toMatchObject({ quantity: 2, payment: '20' });
    expect(await unitsOf(app, r.userId, 'USDT', 'earnings')).toBe(5_000_000n);
    const [order] = (await get(app, r, 'biz/equity-investment-order/page?pageNo=1&pageSize=10')).body.data.list;
    expect(order).toMatchObject({ source: 'reinvest', quantity: 2, payment: '20' });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('refuses to reinvest 10.005 USDT with the places named, moving nothing; 10.00 then buys a share', async () => {
    const r = await newMember(app);
    await fund(app, r.userId, 'USDT', '20', 'earnings');
    const before = await remaining();
    const key = randomUUID();
    await expectTooManyDecimals(app, r, 'biz/equity-investment-order/re-buy', { amount: '10.005' }, 2, key);
    expect(await unitsOf(app, r.userId, 'USDT', 'earnings')).toBe(20_000_000n);
    expect(await remaining()).toBe(before);
    expect(await orders(r)).toBe(0);
    const ok = await post(app, r, 'biz/equity-investment-order/re-buy', { amount: '10.00' }, key);
    expect(ok.body).toMatchObject({ code: 0, data: { quantity: 1, payment: '10' } });
    expect(await unitsOf(app, r.userId, 'USDT', 'earnings')).toBe(10_000_000n);
    expect(await orders(r)).toBe(1);
  });
});
