import { type LiabilityProof, verifyProof } from '@minecloud/contract/merkle-sum';
import { recomputeRound } from '@minecloud/contract/transparency';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, quickMembers } from '../../../test/money.ts';
import { changeSetting, noLoosenDelay } from '../../../test/settings.ts';
import { queryRows } from '../../db/client.ts';
import { liabilitiesJob, poolJob, settlementJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';
import { getSetting } from '../config/settings.ts';
import { settleRounds } from '../market/rounds.ts';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-20 10:00'));
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

const afterDay = (day: string, ms: number) => new Date(startOfDay(addDays(day, 1), TZ).getTime() + ms);
async function closeDay(day: string) {
  await runJob(app.db, settlementJob, day, { now: afterDay(day, 5_000), trigger: 'test' });
  await runJob(app.db, poolJob, day, { now: afterDay(day, 60_000), trigger: 'test' });
  return runJob(app.db, liabilitiesJob, day, { now: afterDay(day, 120_000), trigger: 'test' });
}

/** Every member's balance of an asset in the ledger: available + locked + earnings. */
async function userLiabilities(asset: string): Promise<string> {
  const [row] = await queryRows<{ units: string }>(
    app.db,
    sql`select coalesce(sum(balance), 0)::text as units from accounts where user_id is not null and asset = ${asset}`,
  );
  return row?.units as string;
}

describe('proof of liabilities', () => {
  const day = '2026-11-20';
  let alice: Member;
  let bob: Member;
  let proof: LiabilityProof;

  beforeAll(async () => {
    alice = await newMember(app);
    bob = await newMember(app);
    await quickMembers(app, 40);
    // Over 256 members, so each tree is taller than one tile and a proof climbs an upper tile too.
    await app.db.execute(
      sql`insert into users (address) select '0x' || substr(md5('tile' || g || random()), 1, 40) from generate_series(1, 300) g`,
    );
    await fund(app, alice.userId, 'USDT', '12.5');
    await fund(app, alice.userId, 'USDT', '0.000001', 'earnings');
    await fund(app, bob.userId, 'USDT', '3');
    await fund(app, bob.userId, 'GOLD', '7.25');
    await fund(app, alice.userId, 'BTC', '0.00000001');
  });

  it('waits for the day to be settled and the pool closed', async () => {
    await expect(runJob(app.db, liabilitiesJob, day, { now: afterDay(day, 1_000), trigger: 'test' })).rejects.toThrow();
    const outcome = await closeDay(day);
    expect(outcome.ran).toBe(true);
  });

  it('publishes one root per asset whose total is the ledger’s user liabilities to the atomic unit', async () => {
    const res = await get(app, null, 'transparency/liabilities');
    expect(res.body.code).toBe(0);
    const list = res.body.data.list as {
      day: string;
      asset: string;
      totalUnits: string;
      members: number;
      root: string;
    }[];
    expect(list.map((r) => `${r.day} ${r.asset}`)).toEqual([`${day} GOLD`, `${day} USDT`, `${day} BTC`]);
    for (const root of list) {
      expect(root.totalUnits, root.asset).toBe(await userLiabilities(root.asset));
      expect(root.root).toMatch(/^[0-9a-f]{64}$/);
    }
    const [members] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from users`);
    expect(list.every((r) => r.members === members?.n)).toBe(true);
    expect(list.find((r) => r.asset === 'USDT')).toMatchObject({ totalUnits: '15500001' });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('gives a member their own proof, which verifies to the published root', async () => {
    const res = await get(app, alice, 'transparency/liabilities/proof?asset=USDT');
    expect(res.body).toMatchObject({ code: 0, data: { day, asset: 'USDT', balance: '12.500001' } });
    proof = res.body.data.proof;
    expect(proof).toMatchObject({ userId: String(alice.userId), amount: '12500001' });
    const published = (await get(app, null, 'transparency/liabilities')).body.data.list.find(
      (r: { asset: string }) => r.asset === 'USDT',
    );
    expect(proof.root).toEqual({ hash: published.root, sum: published.totalUnits });
    expect(verifyProof(proof)).toEqual({ ok: true, total: '15500001' });
    // The same for a day named, and for every asset.
    for (const asset of ['GOLD', 'BTC']) {
      const other = await get(app, bob, `transparency/liabilities/proof?asset=${asset}&day=${day}`);
      expect(verifyProof(other.body.data.proof), asset).toMatchObject({ ok: true });
    }
  });

  it('climbs the upper tiles the same whether it reads them or remembers them', async () => {
    expect(proof.path.length).toBeGreaterThan(8);
    for (const member of [alice, bob, alice]) {
      for (const asset of ['USDT', 'GOLD']) {
        const again = (await get(app, member, `transparency/liabilities/proof?asset=${asset}`)).body.data.proof;
        expect(verifyProof(again), `${member.userId} ${asset}`).toMatchObject({ ok: true });
        if (member === alice && asset === 'USDT') expect(again).toEqual(proof);
      }
    }
  });

  it('answers proofs asked for at once each with its own, whole (they share one scratch area)', async () => {
    const alone = new Map<string, unknown>();
    const asks = [alice, bob].flatMap((member) => ['USDT', 'GOLD', 'BTC'].map((asset) => ({ member, asset })));
    for (const { member, asset } of asks) {
      alone.set(
        `${member.userId} ${asset}`,
        (await get(app, member, `transparency/liabilities/proof?asset=${asset}`)).body,
      );
    }
    const together = await Promise.all(
      [...asks, ...asks, ...asks].map(async ({ member, asset }) => ({
        key: `${member.userId} ${asset}`,
        body: (await get(app, member, `transparency/liabilities/proof?asset=${asset}`)).body,
      })),
    );
    for (const { key, body } of together) {
      expect(body, key).toEqual(alone.get(key));
      expect(verifyProof(body.data.proof), key).toMatchObject({ ok: true });
    }
  });

  it('a tampered proof fails: a changed sum, a changed sibling, another member’s leaf', async () => {
    const first = proof.path[0] as LiabilityProof['path'][number];
    const changedSum = { ...proof, path: [{ ...first, sum: String(BigInt(first.sum) + 1n) }, ...proof.path.slice(1)] };
    expect(verifyProof(changedSum)).toEqual({ ok: false, reason: 'rootMismatch' });
    const flipped = first.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(verifyProof({ ...proof, path: [{ ...first, hash: flipped }, ...proof.path.slice(1)] })).toMatchObject({
      ok: false,
    });
    const bobs = (await get(app, bob, 'transparency/liabilities/proof?asset=USDT')).body.data.proof as LiabilityProof;
    expect(verifyProof({ ...proof, userId: bobs.userId, amount: bobs.amount, salt: bobs.salt })).toMatchObject({
      ok: false,
    });
    expect(verifyProof({ ...proof, amount: '99999999' })).toMatchObject({ ok: false });
    expect(verifyProof({ ...proof, path: [{ ...first, sum: '-1' }, ...proof.path.slice(1)] })).toEqual({
      ok: false,
      reason: 'negativeSum',
    });
  });

  it('answers a member who joined after the snapshot, and a visitor, plainly', async () => {
    const late = await newMember(app);
    expect((await get(app, late, 'transparency/liabilities/proof?asset=USDT')).body).toMatchObject({ code: 1120 });
    expect((await get(app, alice, 'transparency/liabilities/proof?asset=USDT&day=2026-01-01')).body.code).toBe(1120);
    expect((await get(app, null, 'transparency/liabilities/proof?asset=USDT')).status).toBe(401);
    expect((await get(app, alice, 'transparency/liabilities/proof?asset=DOGE')).status).toBe(400);
  });

  it('takes each day once, and the next day gets its own salts and roots', async () => {
    expect((await runJob(app.db, liabilitiesJob, day, { now: afterDay(day, 200_000), trigger: 'test' })).ran).toBe(
      false,
    );
    await fund(app, alice.userId, 'USDT', '1');
    const next = addDays(day, 1);
    expect((await closeDay(next)).ran).toBe(true);
    const list = (await get(app, null, 'transparency/liabilities?days=2')).body.data.list as {
      day: string;
      asset: string;
      totalUnits: string;
    }[];
    expect(list).toHaveLength(6);
    expect(list.find((r) => r.day === next && r.asset === 'USDT')?.totalUnits).toBe('16500001');
    const again = (await get(app, alice, 'transparency/liabilities/proof?asset=USDT')).body.data;
    expect(again.day).toBe(next);
    expect(again.proof.salt).not.toBe(proof.salt);
    expect(verifyProof(again.proof)).toEqual({ ok: true, total: '16500001' });
  });
});

describe('rounds anyone can recompute', () => {
  it('returns the stored minutes of a round, and the recomputation agrees with the round', async () => {
    const base = Date.parse('2026-11-20T04:00:00Z');
    const prices = ['100', '101.5', '101.5', '99.25', '99.25'];
    for (let i = 0; i < 5; i++) {
      const open = prices[i] as string;
      const close = prices[i + 1] ?? '99.3';
      await app.db.execute(sql`insert into candles_1m (symbol, open_time, open, high, low, close, volume, source)
        values ('BTCUSDT', ${new Date(base + i * 60_000).toISOString()}, ${open}, 200, 50, ${close}, 1, 'exchange')`);
    }
    await app.db.execute(sql`insert into rounds (period, start_at, end_at, period_no, symbol, open_price, close_price, result, settled_at)
      values (1, ${new Date(base - 60_000).toISOString()}, ${new Date(base).toISOString()}, 1, 'BTCUSDT', 1, 1, 'flat', now()),
             (3, ${new Date(base - 180_000).toISOString()}, ${new Date(base).toISOString()}, 1, 'BTCUSDT', 1, 1, 'flat', now())`);
    await settleRounds(app.db, new Date(base + 5 * 60_000 + 10_000), { minuteDays: 1 });
    const list = (await get(app, null, 'guessPeriod/list?period=3&pageSize=50')).body.data.list as {
      periodNo: number;
      result: string;
      startAt: string;
    }[];
    const round = list.find((r) => r.startAt === new Date(base).toISOString());
    expect(round?.result).toBe('down');
    const res = await get(app, null, `transparency/round-candles?period=3&periodNo=${round?.periodNo}`);
    expect(res.body.data).toMatchObject({ kept: true, source: 'exchange' });
    expect(res.body.data.candles.map((c: { open: string }) => c.open)).toEqual(['100', '101.5', '101.5']);
    expect(recomputeRound(res.body.data)).toEqual({ ok: true, open: '100', close: '99.25', result: 'down' });
    // A round stored with another result would be caught.
    expect(recomputeRound({ ...res.body.data, round: { ...res.body.data.round, result: 'up' } })).toMatchObject({
      ok: false,
      reason: 'resultMismatch',
      result: 'down',
    });
    expect((await get(app, null, 'transparency/round-candles?period=3&periodNo=1')).body.data.candles).toEqual([]);
    expect((await get(app, null, 'transparency/round-candles?period=1&periodNo=999')).status).toBe(404);
    expect((await get(app, null, 'transparency/round-candles?period=2&periodNo=1')).status).toBe(400);
  });
});

describe('the parameter log', () => {
  // Rates and fees are guarded (docs/operations.md): proposed, approved by a second operator, and
  // here without the loosening delay, so they apply at the boundary a lone owner's change did.
  beforeAll(() => noLoosenDelay(app));

  it('a change made mid-day shows at once, and applies from the next settlement boundary only', async () => {
    const token = await operatorToken(app);
    const now = new Date();
    clock.set(now);
    const boundary = startOfDay(addDays(dayOf(now, TZ), 1), TZ);
    const res = await changeSetting(app, 'mining.burnRate', { value: '0.06' });
    expect(res).toMatchObject({ code: 0, data: { effectiveAt: boundary.toISOString() } });
    expect(await getSetting(app.db, 'mining.burnRate', new Date(boundary.getTime() - 1))).toBe('0.05');
    expect(await getSetting(app.db, 'mining.burnRate', boundary)).toBe('0.06');
    // A time asked for inside a day moves to that day's end.
    const later = await changeSetting(app, 'withdraw.fee.USDT', {
      value: '2',
      effectiveAt: new Date(boundary.getTime() + 3_600_000).toISOString(),
    });
    expect(later.data.effectiveAt).toBe(startOfDay(addDays(dayOf(boundary, TZ), 1), TZ).toISOString());
    // A switch is not a term: it changes when the operator says.
    const open = await app.inject({
      method: 'PUT',
      url: '/admin-api/config/equity.tradingOpen',
      headers: { authorization: `Bearer ${token}` },
      payload: { value: true },
    });
    expect(Date.parse(open.json().data.effectiveAt)).toBeLessThan(boundary.getTime());

    clock.set(now);
    const log = (await get(app, null, 'transparency/parameters')).body.data;
    expect(log.timeZone).toBe(TZ);
    expect(log.changes.find((c: { key: string }) => c.key === 'mining.burnRate')).toMatchObject({
      before: '0.05',
      value: '0.06',
      effectiveAt: boundary.toISOString(),
      inEffect: false,
    });
    expect(log.current.find((c: { key: string }) => c.key === 'mining.burnRate')).toEqual({
      key: 'mining.burnRate',
      value: '0.05',
    });
    expect(log.current.find((c: { key: string }) => c.key === 'pool.weights')).toEqual({
      key: 'pool.weights',
      value: '40,25,15,10,10',
    });
    // Internal controls stay private.
    expect(log.current.some((c: { key: string }) => c.key.startsWith('withdraw.secondApproval'))).toBe(false);
  });

  it('the settlement of a day pays with the rate in force during that day, not one set after it', async () => {
    const day = dayOf(new Date(), TZ);
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '1000');
    const productId = await newProduct(app, { hashRate: '100', price: '10', durationDays: 3 });
    clock.set(startOfDay(addDays(day, -1), TZ));
    expect((await post(app, m, 'user_mining_machines/clickBuy', { productId, quantity: 1 })).body.code).toBe(0);
    clock.set(new Date());
    expect((await changeSetting(app, 'mining.btcPerThPerDay', { value: '0.0000016' })).code).toBe(0);
    const paid = async (period: string) => {
      await runJob(app.db, settlementJob, period, { now: afterDay(period, 5_000), trigger: 'test' });
      const [row] = await queryRows<{ btc: string }>(
        app.db,
        sql`select btc::text from mining_outputs where user_id = ${m.userId} and day = ${period}::date`,
      );
      return row?.btc;
    };
    const today = await paid(day);
    const tomorrow = await paid(addDays(day, 1));
    expect(today).toBeDefined();
    expect(BigInt(tomorrow as string)).toBe(BigInt(today as string) * 2n);
  });
});

describe('public totals', () => {
  it('counts members, hash rate, liabilities, and lists donations with their transfer ids', async () => {
    clock.set(new Date());
    const m = await newMember(app);
    await fund(app, m.userId, 'GOLD', '5');
    expect((await post(app, m, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '2' })).body.code).toBe(0);
    const totals = (await get(app, null, 'transparency/totals')).body.data;
    const [members] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from users`);
    expect(totals.members).toBe(members?.n);
    expect(totals.liabilities.map((r: { asset: string }) => r.asset)).toEqual(['GOLD', 'USDT', 'BTC']);
    const [donation] = await queryRows<{ transfer_id: string }>(
      app.db,
      sql`select transfer_id::text from donations where user_id = ${m.userId}`,
    );
    expect(totals.donations.recent[0]).toMatchObject({ asset: 'GOLD', amount: '2', transferId: donation?.transfer_id });
    expect(totals.donations.recent[0].address).toMatch(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
    expect(totals.donations.totals.find((t: { asset: string }) => t.asset === 'GOLD')).toMatchObject({ count: 1 });
    expect(totals.withdrawals.totals).toEqual([
      { asset: 'USDT', amount: '0', count: 0 },
      { asset: 'BTC', amount: '0', count: 0 },
    ]);
  });
});
