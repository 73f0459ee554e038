import { parseAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { difficultyOfBits, networkDayRate } from '@minecloud/contract/network-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, consoleCall, operatorToken, operatorWithRole, type TestApp } from '../../../test/app.ts';
import { startNode, type TestNode, testChain } from '../../../test/bitcoin-node.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { settlementJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';
import { bitcoinRpcSource } from '../network/bitcoin-rpc.ts';

/**
 * The network mode of the mining output (docs/economy.md, "Mining output and settlement"): a day is
 * paid what the Bitcoin network paid one TH/s that day, from the day's blocks as a Bitcoin Core node
 * gives them (here a local one, test/bitcoin-node.ts), less the pool fee; a day the node cannot give
 * waits and is paid once when it can; switching modes takes effect at a day's start.
 */

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-28 10:00'));
/** The network day: its blocks are the test chain's first day. */
const DAY = '2026-12-02';
const chain = testChain(startOfDay(DAY, TZ).getTime() / 1000);
let app: TestApp;
let node: TestNode;
let member: Member;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
  node = await startNode(chain, chain.at(-1)?.height ?? 0);
  member = await newMember(app);
  await fund(app, member.userId, 'USDT', '1000');
  // 100 TH/s for 30 days: 95 TH/s after the 5% burn, mining every day from 2026-11-29 on.
  const productId = await newProduct(app, { hashRate: '100', price: '10', durationDays: 30 });
  const bought = await post(app, member, 'user_mining_machines/clickBuy', { productId, quantity: 1 });
  expect(bought.body.code).toBe(0);
});
afterAll(async () => {
  await node.stop();
  await app.close();
});

const settle = (day: string) =>
  runJob(app.db, settlementJob, day, {
    now: new Date(startOfDay(addDays(day, 1), TZ).getTime() + 5_000),
    trigger: 'test',
    network: bitcoinRpcSource(node.url),
  });
const btc = () => unitsOf(app, member.userId, 'BTC', 'earnings');
const unitsOfBtc = (text: string) => {
  const parsed = parseAmount(text, 'BTC');
  return parsed.ok ? parsed.units : -1n;
};
const settled = async (day: string) =>
  (
    await queryRows<{ output: string; btc_per_th_per_day: string; pool_fee: string | null }>(
      app.db,
      sql`select output, btc_per_th_per_day, pool_fee from settlement_days where day = ${day}`,
    )
  )[0];

describe('output from the network', () => {
  it('is switched on through the console, from the next day’s start, never inside a day', async () => {
    const [owner, finance] = await Promise.all([operatorToken(app), operatorWithRole(app, 'fred', 'finance')]);
    // A guarded term: proposed, approved by a second operator, then after the loosening delay (24 h)
    // at the first day's start after it. Approved on 11-30 at 12:00, it takes effect on 12-02.
    clock.set(at('2026-11-30 12:00'));
    const proposed = await consoleCall(app, 'PUT', 'config/mining.networkOutput', owner, { value: true });
    expect(proposed.body.code).toBe(0);
    const approved = await consoleCall(app, 'POST', `config/proposals/${proposed.body.data.id}/approve`, finance);
    expect(approved.body.code).toBe(0);
    const changes = await queryRows<{ effective_at: Date }>(
      app.db,
      sql`select effective_at from setting_changes where key = 'mining.networkOutput'`,
    );
    expect(changes.map((c) => new Date(c.effective_at).toISOString())).toEqual([at('2026-12-02 00:00').toISOString()]);
    // The pool fee in force on the network day, set the same way by the operators (here directly).
    await setSetting(app.db, 'mining.poolFee', '0.02', 'test', { effectiveAt: at('2026-12-02 00:00') });

    // 12-01, the day in which the change was approved and its delay ended, still pays the fixed rate.
    clock.set(at('2026-12-05 12:00'));
    const before = await btc();
    expect(await settle('2026-12-01')).toMatchObject({ ran: true });
    expect(await settled('2026-12-01')).toEqual({ output: 'fixed', btc_per_th_per_day: '0.0000008', pool_fee: null });
    expect((await btc()) - before).toBe(dailySatoshis(parseHashRate('95') as bigint, '0.0000008'));
  });

  it('waits while the node does not answer, saying why, and pays nothing', async () => {
    node.failFrom = node.requests + 1;
    const before = await btc();
    const outcome = await settle(DAY);
    expect(outcome).toMatchObject({ ran: false, reason: 'waiting', why: expect.stringContaining('does not answer') });
    expect(await settled(DAY)).toBeUndefined();
    expect(await btc()).toBe(before);
    // The console's jobs screen shows the wait; it is no failed attempt.
    const jobs = await consoleCall(app, 'GET', 'jobs', await operatorToken(app));
    const settlement = jobs.body.data.list.find((job: { name: string }) => job.name === 'settlement');
    expect(settlement.waiting).toMatchObject({ period: DAY, reason: expect.stringContaining('does not answer') });
    expect(settlement.retry).toBeNull();
    const attempts = await queryRows(app.db, sql`select 1 from job_attempts where job = 'settlement'`);
    expect(attempts).toHaveLength(0);
    // /metrics says how long it has waited (the JobWaiting alert, docs/operations.md section 6).
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const waited = /^minecloud_job_waiting_seconds\{job_name="settlement"\} (\d+)$/m.exec(metrics)?.[1];
    // Since the day's end (12-03 00:00:05), by the app's clock (12-05 12:00).
    expect(Number(waited)).toBe(2 * 86_400 + 12 * 3_600 - 5);
  });

  it('pays the network’s rate less the pool fee once the node answers, once', async () => {
    node.failFrom = Number.POSITIVE_INFINITY;
    const before = await btc();
    expect(await settle(DAY)).toMatchObject({ ran: true });
    // Recomputed here from the test chain's blocks of the day, not from what the server stored.
    const start = startOfDay(DAY, TZ).getTime() / 1000;
    const blocks = chain.filter((block) => block.time >= start && block.time < start + 86_400);
    const rate = networkDayRate(blocks, '0.02');
    expect(rate?.blocks).toBeGreaterThan(100);
    expect(await settled(DAY)).toEqual({ output: 'network', btc_per_th_per_day: rate?.rate, pool_fee: '0.02' });
    const paid = (await btc()) - before;
    expect(paid).toBe(dailySatoshis(parseHashRate('95') as bigint, rate?.rate as string));
    expect(paid).toBeGreaterThan(0n);
    // The day's blocks are kept as the node gave them, for members to recompute the day.
    const [day] = await queryRows<{ source: string; blocks: number; first_height: number }>(
      app.db,
      sql`select source, blocks, first_height from network_days where day = ${DAY}`,
    );
    expect(day).toEqual({ source: 'node', blocks: blocks.length, first_height: blocks[0]?.height });
    expect(await queryRows(app.db, sql`select 1 from job_waits`)).toHaveLength(0);
    // Run again: done, and nobody is paid twice.
    expect(await settle(DAY)).toEqual({ ran: false, reason: 'done' });
    expect((await btc()) - before).toBe(paid);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('is public: the day’s figures and blocks, from which anyone recomputes what each member was paid', async () => {
    const days = await get(app, null, 'transparency/network-days?days=30');
    expect(days.body.code).toBe(0);
    const listed = days.body.data.list.find((d: { day: string }) => d.day === DAY);
    const start = startOfDay(DAY, TZ).getTime() / 1000;
    const blocks = chain.filter((block) => block.time >= start && block.time < start + 86_400);
    expect(listed).toMatchObject({
      source: 'node',
      blocks: blocks.length,
      firstHeight: blocks[0]?.height,
      lastHeight: blocks.at(-1)?.height,
      // The test chain's first day crosses the halving at 840,000 but no retarget.
      difficulty: { low: difficultyOfBits('17034219'), high: difficultyOfBits('17034219') },
      btcPerTh: networkDayRate(blocks, '0')?.grossRate,
      settled: { output: 'network', poolFee: '0.02', members: 1 },
    });
    // The published blocks, as the node gave them, recompute the rate paid.
    const day = await get(app, null, `transparency/network-day?day=${DAY}`);
    const published = day.body.data.blockList.map((b: { bits: string; subsidy: string; fees: string }) => ({
      bits: b.bits,
      subsidy: BigInt(b.subsidy),
      fees: BigInt(b.fees),
    }));
    expect(day.body.data.blockList[0]).toEqual({
      height: blocks[0]?.height,
      hash: blocks[0]?.hash,
      time: blocks[0]?.time,
      bits: blocks[0]?.bits,
      subsidy: String(blocks[0]?.subsidy),
      fees: String(blocks[0]?.fees),
    });
    expect(networkDayRate(published, listed.settled.poolFee)?.rate).toBe(listed.settled.rate);
    expect((await get(app, null, 'transparency/network-day?day=2026-11-01')).body.code).not.toBe(0);
    // The member's day: hash rate × the day's rate, rounded down, is what was credited.
    const output = await get(app, member, 'user_mining_machines/dailyOutput?days=10');
    const mine = output.body.data.list.find((d: { day: string }) => d.day === DAY);
    expect(mine.settled).toEqual({ output: 'network', rate: listed.settled.rate });
    expect(unitsOfBtc(mine.btc)).toBe(dailySatoshis(parseHashRate(mine.hashRate) as bigint, mine.settled.rate));
    const fixedDay = output.body.data.list.find((d: { day: string }) => d.day === '2026-12-01');
    expect(fixedDay.settled).toEqual({ output: 'fixed', rate: '0.0000008' });
    // The shop's estimate is the last settled network day's, and says so.
    const products = await post(app, member, 'user_mining_machines/miningMachineList', { pageNo: 1, pageSize: 5 });
    expect(products.body.data.list[0].dailyOutputBasis).toEqual({ output: 'network', day: DAY });
  });
});
