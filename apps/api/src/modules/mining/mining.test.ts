import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { failingInsert } from '../../../test/faults.ts';
import { newProduct, stockOf as stockOfProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, quickMembers, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { fixedClock } from '../../lib/clock.ts';

// 2026-11-20 10:00 in Asia/Shanghai (UTC+8), the default settlement time zone.
const clock = fixedClock('2026-11-20T02:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

const count = async (table: string, where = sql`true`) =>
  Number(
    (await queryRows<{ n: string }>(app.db, sql`select count(*)::text as n from ${sql.raw(table)} where ${where}`))[0]
      ?.n,
  );
const stockOf = (productId: string) => stockOfProduct(app, productId);
const buy = (m: Member, body: object, key?: string) => post(app, m, 'user_mining_machines/clickBuy', body, key);

describe('catalogue', () => {
  it('lists active products with the daily output of one unit after the burn, for anyone', async () => {
    const id = await newProduct(app, { name: 'Catalogue miner', hashRate: '100', price: '100' });
    const res = await app.inject({
      method: 'POST',
      url: '/app-api/user_mining_machines/miningMachineList',
      payload: { pageNo: 1, pageSize: 100 },
    });
    const item = res.json().data.list.find((p: { id: string }) => p.id === id);
    // 95 TH/s × 0.0000008 BTC = 0.000076 BTC a day.
    expect(item).toMatchObject({
      name: 'Catalogue miner',
      hashRate: '100',
      price: '100',
      dailyOutputBtc: '0.000076',
      minQuantity: 1,
      stock: 1000,
    });
  });
});

describe('purchase', () => {
  it('debits USDT, creates one miner per unit with 95% of the hash rate, burns 5%, takes stock, records it all', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '250');
    const productId = await newProduct(app, { hashRate: '100', price: '100', stock: 10, durationDays: 30 });
    const res = await buy(m, { productId, quantity: 2 });
    expect(res.body).toMatchObject({ code: 0, data: { hashRate: '190', burnedHashRate: '10', paid: '200' } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(50_000_000n);
    expect(await stockOf(productId)).toBe(8);

    const mine = await post(app, m, 'user_mining_machines/userMiningMachineInfoList', { pageNo: 1, pageSize: 10 });
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list[0]).toMatchObject({
      hashRate: '95',
      status: 'mining',
      startAt: '2026-11-20T02:00:00.000Z',
      // 30 whole settlement days after the day of purchase: ends at 2026-12-21 00:00 Shanghai.
      endAt: '2026-12-20T16:00:00.000Z',
      outputBtc: '0',
    });
    const power = await post(app, m, 'powerOrder', { pageNo: 1, pageSize: 10 });
    expect(power.body.data).toMatchObject({ own: '190', bonus: '0', total: 2 });
    expect(
      power.body.data.list.map((r: { kind: string; direction: string; quantity: string }) => [
        r.kind,
        r.direction,
        r.quantity,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['purchase', 'in', '200'],
        ['burn', 'out', '10'],
      ]),
    );
    const events = await queryRows<{ amount: string; day: string }>(
      app.db,
      sql`select amount_usdt::text as amount, to_char(day, 'YYYY-MM-DD') as day from performance_events where user_id = ${m.userId}`,
    );
    expect(events).toEqual([{ amount: '200000000', day: '2026-11-20' }]);
    const hole = await app.inject({ method: 'POST', url: '/app-api/dataBoard/destroyData' });
    expect(Number(hole.json().data.burnedToday)).toBeGreaterThanOrEqual(10);
    const pool = await get(app, null, 'biz/biz-config/get/pool/total/power');
    expect(Number(pool.body.data.totalHashRate)).toBeGreaterThanOrEqual(190);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it.each([
    ['no product', {}, 400, 'Select a miner first'],
    ['no quantity', { productId: 'P' }, 400, 'Enter Quantity'],
    ['zero quantity', { productId: 'P', quantity: 0 }, 400, 'Enter Quantity'],
    ['below the minimum', { productId: 'P', quantity: 2 }, 400, 'Buy at least 3'],
    [
      'an unknown product',
      { productId: '999999999', quantity: 3 },
      404,
      'This miner does not exist or is no longer sold',
    ],
    ['more than the stock', { productId: 'P', quantity: 6 }, 200, 'Not enough stock: only 5 left'],
    ['a balance too low', { productId: 'P', quantity: 4 }, 200, 'Insufficient balance'],
    ['a fractional quantity', { productId: 'P', quantity: 3.5 }, 400, 'Invalid value for quantity'],
    ['a negative quantity', { productId: 'P', quantity: -3 }, 400, 'Invalid value for quantity'],
    ['a quantity as text', { productId: 'P', quantity: '3' }, 400, 'Invalid value for quantity'],
  ])('refuses %s with a clear message, and moves nothing', async (_case, body, status, msg) => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '30');
    const productId = await newProduct(app, { price: '10', stock: 5, minQuantity: 3 });
    const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'P' ? productId : v]));
    const res = await buy(m, payload);
    expect(res.status).toBe(status);
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).toContain(msg);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(30_000_000n);
    expect(await stockOf(productId)).toBe(5);
    expect(await count('miners', sql`user_id = ${m.userId}`)).toBe(0);
  });

  it('speaks the asked language', async () => {
    const m = await newMember(app);
    const res = await app.inject({
      method: 'POST',
      url: '/app-api/user_mining_machines/clickBuy',
      headers: { ...m.headers, 'idempotency-key': randomUUID(), 'accept-language': 'zh-CN' },
      payload: {},
    });
    expect(res.json().msg).toBe('请先选择矿机');
  });

  it('sells exactly the last 50 units to 200 concurrent buyers, and every paid unit has a miner', async () => {
    const productId = await newProduct(app, { price: '10', stock: 50 });
    const members = await quickMembers(app, 200);
    for (const m of members) await fund(app, m.userId, 'USDT', '10');
    const results = await Promise.all(members.map((m) => buy(m, { productId, quantity: 1 })));
    const sold = results.filter((r) => r.body.code === 0).length;
    expect(sold).toBe(50);
    expect(results.filter((r) => r.body.code !== 0).every((r) => r.body.code === 1023)).toBe(true);
    expect(await stockOf(productId)).toBe(0);
    expect(await count('miners', sql`product_id = ${productId}`)).toBe(50);
    const paid = await queryRows<{ n: string }>(
      app.db,
      sql`select count(*)::text as n from transfers where kind = 'miner_purchase' and reference = ${`miner:${productId}:1`}`,
    );
    expect(Number(paid[0]?.n)).toBe(50);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('gives one purchase for 20 identical requests with one key', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '1000');
    const productId = await newProduct(app, { price: '10' });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(m, { productId, quantity: 1 }, key)));
    const orderIds = new Set(results.map((r) => r.body.data?.orderId));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(orderIds.size).toBe(1);
    expect(await count('miners', sql`user_id = ${m.userId}`)).toBe(1);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(990_000_000n);
  });
});

describe('all or nothing', () => {
  const failing = <T>(table: string, run: () => Promise<T>) => failingInsert(app, table, 'true', run);

  it.each(['transfers', 'miner_orders', 'miners', 'power_records', 'performance_events', 'idempotency_keys'])(
    'a purchase whose %s leg fails leaves no trace, and the same key works afterwards',
    async (table) => {
      const m = await newMember(app);
      await fund(app, m.userId, 'USDT', '100');
      const productId = await newProduct(app, { price: '10', stock: 5 });
      const key = randomUUID();
      const before = {
        orders: await count('miner_orders'),
        records: await count('power_records'),
        events: await count('performance_events'),
      };
      const res = await failing(table, () => buy(m, { productId, quantity: 2 }, key));
      expect(res.status).toBe(500);
      expect(await unitsOf(app, m.userId, 'USDT')).toBe(100_000_000n);
      expect(await stockOf(productId)).toBe(5);
      expect(await count('miners', sql`user_id = ${m.userId}`)).toBe(0);
      expect({
        orders: await count('miner_orders'),
        records: await count('power_records'),
        events: await count('performance_events'),
      }).toEqual(before);
      expect((await checkLedger(app.db)).ok).toBe(true);
      const retry = await buy(m, { productId, quantity: 2 }, key);
      expect(retry.body.code).toBe(0);
      expect(await stockOf(productId)).toBe(3);
    },
  );
});

describe('member privacy', () => {
  it("never shows another member's miners or records", async () => {
    const [a, b] = [await newMember(app), await newMember(app)];
    await fund(app, a.userId, 'USDT', '100');
    const productId = await newProduct(app, { price: '10' });
    await buy(a, { productId, quantity: 1 });
    const theirs = await post(app, b, 'user_mining_machines/userMiningMachineInfoList', { pageNo: 1, pageSize: 10 });
    expect(theirs.body.data).toEqual({ list: [], total: 0 });
    const records = await post(app, b, 'powerOrder', { pageNo: 1, pageSize: 10 });
    expect(records.body.data).toMatchObject({ list: [], total: 0, own: '0' });
    const anonymous = await app.inject({ method: 'POST', url: '/app-api/powerOrder', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
