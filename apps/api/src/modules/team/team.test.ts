import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { failingInsert } from '../../../test/faults.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { chainBelow, invitee, rollUp } from '../../../test/team.ts';
import { queryRows } from '../../db/client.ts';
import { settlementJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';

const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-20 10:00'));
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

const buyMiner = async (m: Member, price: string, quantity = 1) => {
  const productId = await newProduct(app, { price, hashRate: '10' });
  await fund(app, m.userId, 'USDT', (BigInt(Math.ceil(Number(price))) * BigInt(quantity) + 1n).toString());
  const res = await post(app, m, 'user_mining_machines/clickBuy', { productId, quantity });
  expect(res.body.code).toBe(0);
  return res;
};
const departments = async (m: Member) => (await post(app, m, 'dataBoard/departmentInfo', {})).body.data;
const relation = async (m: Member, query = '') => (await get(app, m, `biz/invite-relation/get${query}`)).body.data;
const rewardsTo = (m: Member) =>
  queryRows<{ generation: number; amount: string; buyer_id: string }>(
    app.db,
    sql`select generation, amount::text, buyer_id::text from referral_rewards where beneficiary_id = ${m.userId} order by id`,
  );

describe('referral rewards, in the purchase transaction', () => {
  let a: Member;
  let b: Member;
  let c: Member;
  let d: Member;
  beforeAll(async () => {
    a = await newMember(app);
    b = await invitee(app, a, 2);
    c = await invitee(app, b, 1);
    d = await invitee(app, c, 3);
  });

  it('pays 10% to the direct inviter and 5% to the inviter of the inviter, to the atomic unit, and no one above', async () => {
    // 33.333333 U: 10% is 3.3333333 → 3.333333 and 5% is 1.66666665 → 1.666666 (rounded down to the unit).
    await buyMiner(d, '33.333333');
    expect(await unitsOf(app, c.userId, 'USDT', 'earnings')).toBe(3_333_333n);
    expect(await unitsOf(app, b.userId, 'USDT', 'earnings')).toBe(1_666_666n);
    expect(await unitsOf(app, a.userId, 'USDT', 'earnings')).toBe(0n);
    expect(await rewardsTo(a)).toEqual([]);

    await buyMiner(c, '100');
    expect(await unitsOf(app, b.userId, 'USDT', 'earnings')).toBe(1_666_666n + 10_000_000n);
    expect(await unitsOf(app, a.userId, 'USDT', 'earnings')).toBe(5_000_000n);
    expect(await rewardsTo(a)).toEqual([{ generation: 2, amount: '5000000', buyer_id: String(c.userId) }]);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('pays on equity purchases too, and shows the rewards in the U records and the earnings', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin-api/equity/round',
      headers: { authorization: `Bearer ${await (await import('../../../test/app.ts')).operatorToken(app)}` },
      payload: { totalShares: 100, pricePerShare: '10', annualYieldPct: '18', minQuantity: 1, termDays: 365 },
    });
    expect(res.json().code).toBe(0);
    await fund(app, b.userId, 'USDT', '20');
    expect((await post(app, b, 'biz/equity-investment-order/buy', { quantity: 2 })).body.code).toBe(0);
    expect(await unitsOf(app, a.userId, 'USDT', 'earnings')).toBe(5_000_000n + 2_000_000n);
    const records = await get(app, a, 'biz/user-usdt-record/page?kind=referral_reward');
    expect(records.body.data.total).toBe(2);
    expect((await get(app, a, 'biz/biz-user/get/earnings')).body.data.referralTotalU).toBe('7');
  });

  it('lists direct and indirect referrals with their level, department and cumulative dynamic reward', async () => {
    const mine = await relation(a);
    expect(mine.totalRewardU).toBe('7');
    expect(mine.directTotal).toBe(1);
    expect(mine.direct).toEqual([
      expect.objectContaining({ identity: 'regular', level: 1, department: 2, rewardU: '2' }),
    ]);
    expect(mine.indirectTotal).toBe(1);
    expect(mine.indirect).toEqual([expect.objectContaining({ identity: 'regular', department: 2, rewardU: '5' })]);
    expect(mine.inviteCodes.map((x: { department: number }) => x.department)).toEqual([1, 2, 3]);
    expect(mine.inviteLink).toBe(mine.inviteCodes[0].link);
    expect(mine.inviteLink).toMatch(/\/#\/pages\/login\/index\?code=[A-Z2-9]{8}$/);
  });

  it('never returns another member’s full address, id or balances', async () => {
    const full = await queryRows<{ address: string }>(
      app.db,
      sql`select address from users where id in (${b.userId}, ${c.userId}, ${d.userId})`,
    );
    const answers = JSON.stringify([
      await relation(a),
      await departments(a),
      (await post(app, a, 'user_mining_machines/addPerformanceRank', { type: 'new' })).body.data,
      (await post(app, a, 'community_ranks/communityRank', {})).body.data,
    ]).toLowerCase();
    for (const { address } of full) expect(answers).not.toContain(address.toLowerCase());
    for (const id of [b.userId, c.userId, d.userId]) expect(answers).not.toContain(`"${id}"`);
    expect(answers).not.toMatch(/balance|"id"/);
    for (const r of (await relation(a)).direct) expect(r.address).toMatch(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
  });

  it('answers 401 to visitors', async () => {
    expect((await get(app, null, 'biz/invite-relation/get')).status).toBe(401);
    const res = await app.inject({ method: 'POST', url: '/app-api/dataBoard/departmentInfo' });
    expect(res.statusCode).toBe(401);
  });

  it('writes nothing, reward included, when the purchase fails after the reward', async () => {
    const before = await unitsOf(app, c.userId, 'USDT', 'earnings');
    const productId = await newProduct(app, { price: '10' });
    await fund(app, d.userId, 'USDT', '10');
    const res = await failingInsert(app, 'pool_contributions', 'true', () =>
      post(app, d, 'user_mining_machines/clickBuy', { productId, quantity: 1 }),
    );
    expect(res.status).toBe(500);
    expect(await unitsOf(app, c.userId, 'USDT', 'earnings')).toBe(before);
    const queued = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from performance_events e where e.user_id = ${d.userId}`,
    );
    expect(queued[0]?.n).toBe(1);
  });

  it('rolls department performance and members up to every ancestor, in the department it descends through', async () => {
    await rollUp(app);
    const ofA = await departments(a);
    // B, C, D sit in A's department 2: D's 33.333333, C's 100, B's 20 of equity.
    expect(ofA.list).toEqual([
      expect.objectContaining({ department: 1, performance: '0', members: 0 }),
      expect.objectContaining({ department: 2, performance: '153.333333', newPerformance: '153.333333', members: 3 }),
      expect.objectContaining({ department: 3, performance: '0', members: 0 }),
    ]);
    expect(ofA).toMatchObject({ majorDepartment: 2, major: '153.333333', minor: '0', day: '2026-11-20' });
    expect(ofA.asOf).not.toBeNull();
    const ofB = await departments(b);
    expect(ofB.list[0]).toMatchObject({ department: 1, performance: '133.333333', members: 2 });
    const ofC = await departments(c);
    expect(ofC.list[2]).toMatchObject({ department: 3, performance: '33.333333', members: 1 });
    expect(ofC.list[2].code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('counts each delta once however often and however concurrently the roll-up runs', async () => {
    await buyMiner(d, '1');
    await Promise.all([rollUp(app), rollUp(app), rollUp(app)]);
    await rollUp(app);
    expect((await departments(a)).list[1]).toMatchObject({ performance: '154.333333', members: 3 });
  });
});

describe('a purchase in the ledger', () => {
  // docs/architecture.md, "The journal": one business event, one entry.
  it('posts a purchase as one ledger entry: the payment, both rewards and the pool share', async () => {
    const top = await newMember(app);
    const buyer = await invitee(app, await invitee(app, top, 1), 2);
    const res = await buyMiner(buyer, '20');
    const orderId = res.body.data.orderId as string;
    const legs = await queryRows<{ entry: string; kind: string; amount: string; reference: string; key: string }>(
      app.db,
      sql`select t.entry_id::text as entry, t.kind, t.amount::text, t.reference, t.idempotency_key as key
          from transfers t join miner_orders o on o.transfer_id = t.id or t.entry_id = (
            select entry_id from transfers where id = o.transfer_id)
          where o.id = ${orderId} group by t.id order by t.id`,
    );
    expect(legs.map(({ kind, amount, reference }) => [kind, amount, reference])).toEqual([
      ['miner_purchase', '20000000', expect.stringMatching(/^miner:\d+:1$/)],
      ['referral_reward', '2000000', `miner_order:${orderId}`],
      ['referral_reward', '1000000', `miner_order:${orderId}`],
      ['pool_share', expect.stringMatching(/^[1-9]\d*$/), `miner_order:${orderId}`],
    ]);
    expect(legs.map((leg) => leg.key.split(':').at(-1))).toEqual(['pay', '1', '2', 'pool']);
    expect(new Set(legs.map((leg) => leg.entry)).size).toBe(1);
    const [entry] = await queryRows<{ kind: string; reference: string }>(
      app.db,
      sql`select kind, reference from entries where id = ${legs[0]!.entry}`,
    );
    expect(entry).toEqual({ kind: 'miner_purchase', reference: `miner_order:${orderId}` });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('department attribution through deep chains', () => {
  it('credits a purchase 300 generations down to every ancestor, in the department of its own line', async () => {
    const top = await newMember(app);
    const side = await invitee(app, top, 1);
    const chain = await chainBelow(app, top.userId, 300, 3);
    const bottomId = chain.at(-1)!;
    const { token } = await app.tokens.issue(bottomId);
    const bottom = { userId: bottomId, token, headers: { authorization: `Bearer ${token}` } };
    await buyMiner(bottom, '7.5', 2);
    await buyMiner(side, '1');
    const result = await rollUp(app);
    expect(result.depths).toBeGreaterThanOrEqual(300);

    const ofTop = await departments(top);
    expect(ofTop.list.map((r: { performance: string; members: number }) => [r.performance, r.members])).toEqual([
      ['1', 1],
      ['0', 0],
      ['15', 300],
    ]);
    expect(ofTop).toMatchObject({ majorDepartment: 3, major: '15', minor: '1' });
    // Half-way down: 150 members below it, all in its department 3.
    const middle = await queryRows<{ department: number; performance: string; members: number }>(
      app.db,
      sql`select department, performance::text, members from team_performance where user_id = ${chain[149]!}`,
    );
    expect(middle).toEqual([{ department: 3, performance: '15000000', members: 150 }]);
    const totals = await queryRows<{ performance: string }>(
      app.db,
      sql`select performance::text from team_totals where user_id = ${chain[298]!}`,
    );
    expect(totals).toEqual([{ performance: '15000000' }]);
  });
});

describe('levels', () => {
  it('change at exactly the thresholds, and only for members who bought', async () => {
    await setSetting(app.db, 'team.silverMajor', '100', 'test');
    await setSetting(app.db, 'team.silverMinor', '40', 'test');
    await setSetting(app.db, 'team.goldMajor', '400', 'test');
    await setSetting(app.db, 'team.goldMinor', '160', 'test');
    try {
      const leader = await newMember(app);
      const guest = await newMember(app);
      const [x, y, z] = [await invitee(app, leader, 1), await invitee(app, leader, 2), await invitee(app, leader, 3)];
      const gx = await invitee(app, guest, 1);
      const gy = await invitee(app, guest, 2);
      const level = async (m: Member) => (await post(app, m, 'levelConfig/levelConfig', {})).body.data;
      expect((await level(leader)).current).toEqual({ level: 0, identity: 'guest', bonusHashRatePct: 0 });

      await buyMiner(leader, '1');
      await buyMiner(x, '100');
      await buyMiner(y, '20');
      await buyMiner(z, '19.999999');
      await buyMiner(gx, '500');
      await buyMiner(gy, '200');
      await rollUp(app);
      const before = await level(leader);
      expect(before).toMatchObject({
        current: { level: 1, identity: 'regular', bonusHashRatePct: 0 },
        major: '100',
        minor: '39.999999',
        next: { level: 2, identity: 'silver', majorMissing: '0', minorMissing: '0.000001', needsPurchase: false },
      });
      expect(before.levels.map((l: { identity: string }) => l.identity)).toEqual([
        'guest',
        'regular',
        'silver',
        'gold',
      ]);
      expect(before.levels[2]).toMatchObject({ majorRequired: '100', minorRequired: '40', bonusHashRatePct: 5 });
      // A guest with a gold-sized team is still a guest: levels are steps, and Regular needs a purchase.
      expect((await level(guest)).current.identity).toBe('guest');
      expect((await level(guest)).next).toMatchObject({ identity: 'regular', needsPurchase: true });

      await buyMiner(z, '0.000001');
      await rollUp(app);
      expect((await level(leader)).current).toEqual({ level: 2, identity: 'silver', bonusHashRatePct: 5 });
      expect((await get(app, leader, 'biz/biz-user/get')).body.data).toMatchObject({ identity: 'silver', level: 2 });

      // Raising the threshold takes effect at the next settlement, for everyone.
      await setSetting(app.db, 'team.silverMinor', '40.000001', 'test');
      const day = '2026-11-20';
      const run = await runJob(app.db, settlementJob, day, {
        now: new Date(startOfDay(addDays(day, 1), 'Asia/Shanghai').getTime() + 5_000),
        trigger: 'test',
      });
      expect(run.ran).toBe(true);
      expect((await level(leader)).current.identity).toBe('regular');
    } finally {
      await setSetting(app.db, 'team.silverMajor', '50000', 'test');
      await setSetting(app.db, 'team.silverMinor', '20000', 'test');
      await setSetting(app.db, 'team.goldMajor', '200000', 'test');
      await setSetting(app.db, 'team.goldMinor', '80000', 'test');
    }
  });

  it('adds the level bonus to the hash rate the daily settlement pays', async () => {
    await setSetting(app.db, 'team.silverMajor', '10', 'test');
    await setSetting(app.db, 'team.silverMinor', '0', 'test');
    try {
      const leader = await newMember(app);
      const follower = await invitee(app, leader, 1);
      await buyMiner(leader, '1'); // 10 TH/s less the 5% burn: 9.5 TH/s
      await buyMiner(follower, '10');
      await rollUp(app);
      expect((await post(app, leader, 'levelConfig/levelConfig', {})).body.data.current.identity).toBe('silver');
      const day = '2026-11-21';
      const run = await runJob(app.db, settlementJob, day, {
        now: new Date(startOfDay(addDays(day, 1), 'Asia/Shanghai').getTime() + 5_000),
        trigger: 'test',
      });
      expect(run.ran).toBe(true);
      const [out] = await queryRows<{ own: string; bonus: string }>(
        app.db,
        sql`select own_hash::text as own, bonus_hash::text as bonus from mining_outputs where user_id = ${leader.userId} and day = ${day}::date`,
      );
      // 9.5 TH/s = 9,500,000 units; 5% of it.
      expect(out).toEqual({ own: '9500000', bonus: '475000' });
    } finally {
      await setSetting(app.db, 'team.silverMajor', '50000', 'test');
      await setSetting(app.db, 'team.silverMinor', '20000', 'test');
    }
  });
});

describe('rankings', () => {
  it('rank new performance of the day and whole-team performance, with shortened addresses and my place', async () => {
    const leaders = [await newMember(app), await newMember(app), await newMember(app)];
    const amounts = ['30000', '50000', '40000'];
    for (const [i, leader] of leaders.entries()) {
      const follower = await invitee(app, leader, 1);
      await buyMiner(follower, amounts[i]!);
    }
    await rollUp(app);
    const ranking = (await post(app, leaders[0]!, 'user_mining_machines/addPerformanceRank', { type: 'new' })).body
      .data;
    expect(ranking.day).toBe('2026-11-20');
    expect(ranking.list.slice(0, 3).map((r: { performance: string }) => r.performance)).toEqual([
      '50000',
      '40000',
      '30000',
    ]);
    expect(ranking.list[0].rank).toBe(1);
    expect(ranking.mine).toMatchObject({ rank: 3, performance: '30000' });
    expect(ranking.mine.address).toMatch(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
    const page2 = (
      await post(app, leaders[0]!, 'user_mining_machines/addPerformanceRank', { type: 'new', pageNo: 2, pageSize: 1 })
    ).body.data;
    expect(page2.list).toEqual([expect.objectContaining({ rank: 2, performance: '40000' })]);

    const yesterday = (await post(app, leaders[0]!, 'user_mining_machines/addPerformanceRank', { type: 'daily' })).body
      .data;
    expect(yesterday).toMatchObject({ day: '2026-11-19', total: 0, list: [], mine: null });

    const community = (await post(app, leaders[1]!, 'community_ranks/communityRank', {})).body.data;
    expect(community.list[0]).toMatchObject({ rank: 1, teamPerformance: '50000' });
    expect(community.mine).toMatchObject({ rank: 1 });
    expect(community.total).toBeGreaterThanOrEqual(3);

    const overview = (await get(app, null, 'dataBoard/communityInfo')).body.data;
    expect(overview.members).toBeGreaterThan(10);
    expect(BigInt(overview.totalPerformance.split('.')[0])).toBeGreaterThanOrEqual(120_000n);
  });
});
