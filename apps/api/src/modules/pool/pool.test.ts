import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTooManyDecimals } from '../../../test/amounts.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { invitee } from '../../../test/team.ts';
import { queryRows } from '../../db/client.ts';
import { poolJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { systemAccount } from '../../ledger/accounts.ts';
import { checkLedger } from '../../ledger/check.ts';
import { post as postEntry } from '../../ledger/journal.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { runTeamRollup } from '../team/rollup.ts';

const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
let now = at('2026-11-20 10:00');
const clock: Clock = { now: () => now };
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

const current = async (m: Member | null = null) => (await get(app, m, 'prizePool/current')).body.data;
const forge = (m: Member, amount?: string, key?: string) =>
  post(app, m, 'prizePool/forge', amount === undefined ? {} : { amount }, key);
const close = (day: string) =>
  runJob(app.db, poolJob, day, {
    now: new Date(startOfDay(addDays(day, 1), 'Asia/Shanghai').getTime() + 60_000),
    trigger: 'test',
  });
/** Gold coins straight into the pool of a day (as purchase shares would), to make exact pools. */
async function seedPool(day: string, units: bigint) {
  const [transferId] = await postEntry(app.db, {
    asset: 'GOLD',
    from: systemAccount('treasury'),
    to: systemAccount('prize_pool'),
    amount: units,
    kind: 'pool_share',
    idempotencyKey: `seed:${day}:${units}:${Math.random()}`,
  });
  const [someone] = await queryRows<{ id: string }>(app.db, sql`select id from users limit 1`);
  await app.db.execute(
    sql`insert into pool_contributions (day, kind, user_id, amount, transfer_id, reference, created_at)
        values (${day}::date, 'purchase', ${someone!.id}, ${units.toString()}::bigint, ${transferId}, 'seed', now())`,
  );
}
/** Gold coin text to units. */
const units = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
};
const prizePoolBalance = async () => {
  const [row] = await queryRows<{ n: string }>(
    app.db,
    sql`select (coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0))::text as n
        from accounts a join transfers t on t.credit_account_id = a.id or t.debit_account_id = a.id
        where a.system = 'prize_pool' and a.asset = 'GOLD'`,
  );
  return BigInt(row?.n ?? 0);
};

describe('funding and forging', () => {
  it('puts 2% of every miner purchase into the day’s pool, in gold coins at gold.perUsdt', async () => {
    const buyer = await newMember(app);
    const productId = await newProduct(app, { price: '123.45' });
    await fund(app, buyer.userId, 'USDT', '123.45');
    expect((await post(app, buyer, 'user_mining_machines/clickBuy', { productId, quantity: 1 })).body.code).toBe(0);
    // 123.45 U × 2% × 100 gold/U = 246.9 gold.
    expect(await current()).toMatchObject({ day: '2026-11-20', funded: '246.9', pool: '246.9', rolloverIn: '0' });
  });

  it('refuses an empty, invalid or too small forge with nothing moved, and takes one at the minimum', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'GOLD', '100');
    expect((await forge(m)).body.code).toBe(1040);
    expect((await forge(m, '0')).body.code).toBe(1011);
    const small = await forge(m, '9.99');
    expect(small.body).toMatchObject({ code: 1041, msg: 'Forge at least 10 gold coins' });
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(10_000n);
    expect((await forge(m, '1000')).body.code).toBe(1010);

    const ok = await forge(m, '10', 'forge-key-1');
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.forged).toBe('10');
    expect((await forge(m, '10', 'forge-key-1')).body.data).toEqual(ok.body.data);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(9_000n);
    expect((await forge(m, '15.5')).body.data.forged).toBe('25.5');
    const mine = await current(m);
    expect(mine).toMatchObject({ myForged: '25.5', myRank: 1, participants: 1, funded: '272.4' });
    expect(mine.ranking[0]).toMatchObject({ rank: 1, forged: '25.5', weightPct: 40 });
    expect((await current()).myForged).toBe('0');
  });
});

describe('closing a round', () => {
  it('splits to the top five by new team performance, by the weights, to the atomic unit with the remainder to rounding', async () => {
    now = at('2026-11-21 09:00');
    await close('2026-11-20'); // the first day's round: one participant, takes 40%, the rest rolls over
    const day = '2026-11-21';
    // 272.4 gold, one participant: 40% paid, 60% carried.
    const carried = units((await current()).rolloverIn);
    expect(carried).toBe(27_240n - (27_240n * 40n) / 100n);
    // Make the pool exactly 333.33 gold: 33333 units.
    await seedPool(day, 33_333n - carried - 6_000n);

    // Six participants; their teams buy different amounts today; two tie (the earlier forge wins).
    const leaders: Member[] = [];
    const followers: Member[] = [];
    const bought = ['500', '400', '300', '300', '200', '100'];
    for (const amount of bought) {
      const leader = await newMember(app);
      const follower = await invitee(app, leader, 1);
      const productId = await newProduct(app, { price: amount });
      await fund(app, follower.userId, 'USDT', amount);
      expect((await post(app, follower, 'user_mining_machines/clickBuy', { productId, quantity: 1 })).body.code).toBe(
        0,
      );
      leaders.push(leader);
      followers.push(follower);
    }
    // Purchase shares: 2% of 1800 U in gold = 3600 gold: the pool is then 33333 + 360000 units.
    for (const leader of [...leaders].reverse()) {
      now = new Date(now.getTime() + 1_000);
      await fund(app, leader.userId, 'GOLD', '10');
      expect((await forge(leader, '10')).body.code).toBe(0);
    }
    const pool = 33_333n + 360_000n;
    expect((await current()).pool).toBe('3933.33');
    // One definition of new performance: the pool ranks a leader by what their team bought today,
    // the figure their departments show; the follower's own purchase counts for the leader only.
    await runTeamRollup(app.db, now);
    const mine = await current(leaders[0]!);
    expect(mine.myNewPerformance).toBe('500');
    expect(mine.ranking.find((r: { rank: number }) => r.rank === mine.myRank)?.newPerformance).toBe('500');
    const departments = (await post(app, leaders[0]!, 'dataBoard/departmentInfo', {})).body.data;
    expect(departments.list.map((d: { newPerformance: string }) => d.newPerformance)).toEqual(['500', '0', '0']);
    expect((await current(followers[0]!)).myNewPerformance).toBe('0');
    expect((await current()).myNewPerformance).toBe('0');
    const before = await Promise.all(leaders.map((l) => unitsOf(app, l.userId, 'GOLD')));

    now = at('2026-11-22 00:01');
    const [first, second] = await Promise.all([close(day), close(day)]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect((await close(day)).ran).toBe(false);

    const weights = [40, 25, 15, 10, 10];
    // Places: 500, 400, then the two 300s (the one that forged first: leaders[3], forged before leaders[2]), 200.
    const order = [0, 1, 3, 2, 4];
    const expected = weights.map((w) => (pool * BigInt(w)) / 100n);
    for (const [place, index] of order.entries()) {
      const after = await unitsOf(app, leaders[index]!.userId, 'GOLD');
      expect(after - before[index]!).toBe(expected[place]);
    }
    expect(await unitsOf(app, leaders[5]!.userId, 'GOLD')).toBe(before[5]);
    const paid = expected.reduce((a, b) => a + b, 0n);
    const [round] = (await get(app, null, 'prizePool/history')).body.data.list;
    expect(round).toMatchObject({ day, pool: '3933.33', rolloverOut: '0', participants: 6 });
    expect(units(round.paid)).toBe(paid);
    expect(units(round.rounding)).toBe(pool - paid);
    expect(pool - paid).toBeGreaterThan(0n);
    expect(round.ranking).toHaveLength(6);
    expect(round.ranking[0]).toMatchObject({ rank: 1, weightPct: 40, newPerformance: '500' });
    expect(round.ranking[5]).toMatchObject({ rank: 6, weightPct: 0, amount: '0', transferId: null });
    // Each payout names its ledger transfer, and the transfer says the same.
    for (const row of round.ranking.slice(0, 5)) {
      const [t] = await queryRows<{ amount: string; kind: string }>(
        app.db,
        sql`select amount::text, kind from transfers where id = ${row.transferId}`,
      );
      expect(t).toEqual({ amount: units(row.amount).toString(), kind: 'pool_payout' });
    }
    const [rounding] = await queryRows<{ amount: string }>(
      app.db,
      sql`select amount::text from transfers where kind = 'rounding' and reference = ${`pool:${day}`}`,
    );
    expect(BigInt(rounding?.amount ?? 0)).toBe(pool - paid);
    expect((await checkLedger(app.db)).ok).toBe(true);
    expect(await prizePoolBalance()).toBe(0n);
  });

  it('rolls the weights of empty places over into the next round, and everything when no one joined', async () => {
    const day = '2026-11-22';
    await seedPool(day, 100_001n);
    const only = await newMember(app);
    await fund(app, only.userId, 'GOLD', '10');
    expect((await forge(only, '10')).body.code).toBe(0);
    now = at('2026-11-23 00:02');
    expect((await close(day)).ran).toBe(true);
    const pool = 100_001n + 1_000n;
    const share = (pool * 40n) / 100n;
    const [round] = (await get(app, null, 'prizePool/history')).body.data.list;
    expect(units(round.paid)).toBe(share);
    expect(units(round.rolloverOut)).toBe(pool - (pool * 40n) / 100n);
    expect(units(round.rounding)).toBe(0n);

    const next = await current();
    expect(next).toMatchObject({ day: '2026-11-23', participants: 0 });
    expect(units(next.rolloverIn)).toBe(units(round.rolloverOut));

    now = at('2026-11-24 00:02');
    expect((await close('2026-11-23')).ran).toBe(true);
    const [empty] = (await get(app, null, 'prizePool/history')).body.data.list;
    expect(empty).toMatchObject({ day: '2026-11-23', paid: '0', participants: 0 });
    expect(units(empty.rolloverOut)).toBe(units(round.rolloverOut));
    expect(await prizePoolBalance()).toBe(units(empty.rolloverOut));
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('refuses a day that has not ended, and a day before a closed round', async () => {
    now = at('2026-11-24 10:00');
    const early = await runJob(app.db, poolJob, '2026-11-24', { now, trigger: 'test' }).catch((e) => e);
    expect(early).toBeInstanceOf(Error);
    const late = await runJob(app.db, poolJob, '2026-11-19', { now, trigger: 'test' }).catch((e) => e);
    expect(late).toBeInstanceOf(Error);
  });

  it('counts a contribution made after its round closed in the next open round', async () => {
    // A forge whose day (by the clock) is an already closed round lands in the first open one.
    now = at('2026-11-23 23:59');
    const m = await newMember(app);
    await fund(app, m.userId, 'GOLD', '10');
    expect((await forge(m, '10')).body.code).toBe(0);
    const [row] = await queryRows<{ day: string }>(
      app.db,
      sql`select day::text from pool_contributions where user_id = ${m.userId}`,
    );
    expect(row?.day).toBe('2026-11-24');
  });
});

describe('forge amounts', () => {
  it('refuses to forge 10.001 gold coins with the places named, moving nothing; 10.00 then goes through', async () => {
    now = at('2026-11-24 10:00');
    const m = await newMember(app);
    await fund(app, m.userId, 'GOLD', '20');
    const before = await current(m);
    const key = 'forge-decimals-key';
    await expectTooManyDecimals(app, m, 'prizePool/forge', { amount: '10.001' }, 2, key);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(2_000n);
    expect(await current(m)).toEqual(before);
    const ok = await forge(m, '10.00', key);
    expect(ok.body).toMatchObject({ code: 0, data: { forged: '10' } });
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(1_000n);
    expect((await current(m)).myForged).toBe('10');
  });
});
