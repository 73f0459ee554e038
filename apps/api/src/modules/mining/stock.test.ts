import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testDbKind } from '../../../test/database.ts';
import { failingInsert } from '../../../test/faults.ts';
import { newProduct, stockOf } from '../../../test/mining.ts';
import { fund, type Member, post, quickMembers, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { fixedClock } from '../../lib/clock.ts';
import { STOCK_SLOTS, takeStock } from './stock.ts';

// A product's stock in slots, and a rush on its last units (docs/architecture.md, "Stock and flash
// sales"): exactly the stock is sold, whoever is refused pays nothing, and a purchase that fails
// after taking its units gives them back.
const clock = fixedClock('2026-11-20T02:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

const SOLD_OUT = 1023;
const NOT_ENOUGH_STOCK = 1025;
const buy = (m: Member, productId: string, quantity: number) =>
  post(app, m, 'user_mining_machines/clickBuy', { productId, quantity });
const slotsOf = async (productId: string) =>
  (
    await queryRows<{ stock: number }>(
      app.db,
      sql`select stock from miner_stock_slots where product_id = ${productId} order by slot`,
    )
  ).map((r) => r.stock);
const minersOf = async (m: Member, productId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        app.db,
        sql`select count(*)::text as n from miners where user_id = ${m.userId} and product_id = ${productId}`,
      )
    )[0]?.n,
  );
/** `n` members with `usdt` each. */
const buyers = async (n: number, usdt: string) => {
  const members = await quickMembers(app, n);
  for (const m of members) await fund(app, m.userId, 'USDT', usdt);
  return members;
};

describe('stock in slots', () => {
  it("deals a product's stock evenly into its slots, and the catalogue shows their sum", async () => {
    const productId = await newProduct(app, { stock: 37 });
    // 37 = 16 × 2 + 5: the first five slots hold one more.
    expect(await slotsOf(productId)).toEqual(Array.from({ length: STOCK_SLOTS }, (_, slot) => (slot < 5 ? 3 : 2)));
    const shop = await app.inject({
      method: 'POST',
      url: '/app-api/user_mining_machines/miningMachineList',
      payload: { pageNo: 1, pageSize: 100 },
    });
    expect(shop.json().data.list.find((p: { id: string }) => p.id === productId)).toMatchObject({ stock: 37 });
  });

  it('sells exactly the last 37 units two at a time to 64 concurrent buyers, some of whose purchases fail after taking theirs', async () => {
    const productId = await newProduct(app, { price: '10', stock: 37 });
    const members = await buyers(64, '20');
    // Every fourth buyer's purchase fails at its last statement, after its stock was taken: its
    // units go back, to be sold to others.
    const failing = (m: Member) => m.userId % 4 === 0;
    const results = await failingInsert(app, 'idempotency_keys', 'new.user_id % 4 = 0', () =>
      Promise.all(members.map((m) => buy(m, productId, 2))),
    );
    const served = members.map((m, i) => ({ m, answer: results[i]! }));
    // Those that got to their last statement failed there; the others were refused before it.
    const failed = served.filter(({ m }) => failing(m));
    expect(failed.some(({ answer }) => answer.status === 500)).toBe(true);
    expect(failed.every(({ answer }) => answer.body.code !== 0)).toBe(true);
    const sold = served.filter(({ answer }) => answer.body.code === 0);
    // Enough buyers whose purchases do not fail for every pair of units: 18 sold, 1 unit left over,
    // in whatever slots the purchases took them from.
    expect(served.filter(({ m }) => !failing(m)).length).toBeGreaterThan(18);
    expect(sold).toHaveLength(18);
    expect(await stockOf(app, productId)).toBe(1);
    const refused = served.filter(({ m, answer }) => !failing(m) && answer.body.code !== 0);
    expect(refused.every(({ answer }) => [SOLD_OUT, NOT_ENOUGH_STOCK].includes(answer.body.code))).toBe(true);
    // Each buyer paid 20 U and holds two miners, or paid nothing and holds none.
    for (const { m, answer } of served) {
      const got = answer.body.code === 0;
      expect(await unitsOf(app, m.userId, 'USDT')).toBe(got ? 0n : 20_000_000n);
      expect(await minersOf(m, productId)).toBe(got ? 2 : 0);
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  // Five units are one in each of five slots: one unit comes from a free slot, two from all of them.
  it.each([
    ['from one slot', 1],
    ['from several slots', 2],
  ])('gives the units a failed purchase took %s back to their slots', async (_case, quantity) => {
    const productId = await newProduct(app, { price: '10', stock: 5 });
    const [m] = await buyers(1, '100');
    const before = await slotsOf(productId);
    // The injected failure happens only once the purchase has taken its units.
    const res = await failingInsert(
      app,
      'idempotency_keys',
      `(select sum(stock) from miner_stock_slots where product_id = ${Number(productId)}) = ${5 - quantity}`,
      () => buy(m!, productId, quantity),
    );
    expect(res.status).toBe(500);
    expect(await slotsOf(productId)).toEqual(before);
    expect(await unitsOf(app, m!.userId, 'USDT')).toBe(100_000_000n);
    expect(await minersOf(m!, productId)).toBe(0);
    expect((await buy(m!, productId, 5)).body.code).toBe(0);
    expect(await stockOf(app, productId)).toBe(0);
  });
});

class Rollback extends Error {}

/**
 * Runs `run` while another purchase of the product is in flight: `quantity` of its stock taken, as
 * its last write, and not yet committed; then that purchase commits or fails.
 */
async function inFlight(productId: string, quantity: number, end: 'commit' | 'fail', run: () => Promise<void>) {
  await app.db
    .transaction(async (tx) => {
      await takeStock(tx, productId, quantity);
      await run();
      if (end === 'fail') throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

/** What `promise` gives within `ms`, or undefined. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);

/** Until a backend of this database waits on a row lock (at most 10 s). */
async function someoneWaits() {
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    const [row] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row?.n) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

// Two transactions at once: PostgreSQL only (PGlite has one connection).
describe.skipIf(testDbKind() !== 'pg')('a rush on one product (PostgreSQL)', () => {
  it('does not make a purchase wait for another purchase of the product in flight', async () => {
    const productId = await newProduct(app, { price: '10', stock: 10 });
    const [m] = await buyers(1, '10');
    await inFlight(productId, 1, 'fail', async () => {
      const answer = await within(buy(m!, productId, 1), 5_000);
      expect(answer?.body.code).toBe(0);
    });
    expect(await stockOf(app, productId)).toBe(9);
  });

  it.each([
    ['fails', 'fail', 0, '0'],
    ['commits', 'commit', SOLD_OUT, '10'],
  ] as const)(
    'makes a buyer of the last unit wait for the purchase that holds it, and when that one %s, answers accordingly',
    async (_case, end, code, left) => {
      const productId = await newProduct(app, { price: '10', stock: 1 });
      const [m] = await buyers(1, '10');
      let pending: ReturnType<typeof buy> | undefined;
      await inFlight(productId, 1, end, async () => {
        pending = buy(m!, productId, 1);
        expect(await someoneWaits()).toBe(true);
      });
      expect((await pending!).body.code).toBe(code);
      expect(await stockOf(app, productId)).toBe(0);
      expect(await unitsOf(app, m!.userId, 'USDT')).toBe(BigInt(left) * 1_000_000n);
      expect(await minersOf(m!, productId)).toBe(code === 0 ? 1 : 0);
    },
  );
});
