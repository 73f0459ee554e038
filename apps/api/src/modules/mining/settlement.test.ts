import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { testDbKind } from '../../../test/database.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { settlementJob } from '../../jobs/index.ts';
import { CHUNK_MEMBERS, CHUNK_WORKERS, runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';

const TZ = 'Asia/Shanghai';
/** An instant given as Shanghai wall time, e.g. at('2026-11-20 10:00'). */
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-20 10:00'));
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
});
afterAll(() => app.close());

/** Settles `day`, as the scheduler would just after it ended. */
const settle = (day: string) => {
  const now = new Date(startOfDay(addDays(day, 1), TZ).getTime() + 5_000);
  return runJob(app.db, settlementJob, day, { now, trigger: 'test' });
};
const btcEarnings = (m: Member) => unitsOf(app, m.userId, 'BTC', 'earnings');

async function memberWithMiners(boughtAt: string, quantity = 1, fields: Parameters<typeof newProduct>[1] = {}) {
  const m = await newMember(app);
  await fund(app, m.userId, 'USDT', '10000');
  const productId = await newProduct(app, { hashRate: '100', price: '10', durationDays: 3, ...fields });
  clock.set(at(boughtAt));
  const res = await post(app, m, 'user_mining_machines/clickBuy', { productId, quantity });
  expect(res.body.code).toBe(0);
  return m;
}

describe('calendar', () => {
  it('knows Shanghai days', () => {
    expect(dayOf(at('2026-11-20 23:59'), TZ)).toBe('2026-11-20');
    expect(dayOf(at('2026-11-21 00:00'), TZ)).toBe('2026-11-21');
    expect(startOfDay('2026-11-21', TZ).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('daily settlement', () => {
  it('pays hash rate × rate for every whole day of the contract, to the satoshi, and then terminates the miner', async () => {
    // Two units of 100 TH/s: 190 TH/s after the burn; 190 × 0.0000008 = 0.000152 BTC a day.
    const m = await memberWithMiners('2026-11-20 10:00', 2);
    const paid: bigint[] = [];
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      const before = await btcEarnings(m);
      const outcome = await settle(day);
      expect(outcome.ran).toBe(true);
      paid.push((await btcEarnings(m)) - before);
    }
    // Nothing for the day of purchase, three whole days, nothing after the end.
    expect(paid).toEqual([0n, 15_200n, 15_200n, 15_200n, 0n]);
    clock.set(at('2026-11-25 12:00'));
    const miners = await post(app, m, 'user_mining_machines/userMiningMachineInfoList', { pageNo: 1, pageSize: 10 });
    expect(miners.body.data.list.map((x: { status: string; outputBtc: string }) => [x.status, x.outputBtc])).toEqual([
      ['terminated', '0.000228'],
      ['terminated', '0.000228'],
    ]);
    const records = await post(app, m, 'powerOrder', { source: 'own', pageNo: 1, pageSize: 10 });
    expect(records.body.data.list.filter((r: { kind: string }) => r.kind === 'expiry')).toHaveLength(2);
    expect(records.body.data.own).toBe('0');
    const earnings = await get(app, m, 'biz/biz-user/get/earnings');
    expect(earnings.body.data.BTC).toEqual({ total: '0.000456', available: '0.000456' });
    const claim = await post(app, m, 'biz/user-btc-record/receive', {});
    expect(claim.body.data).toEqual({ claimed: '0.000456' });
    expect(await unitsOf(app, m.userId, 'BTC')).toBe(45_600n);
    const chart = await app.inject({
      method: 'GET',
      url: '/app-api/user_mining_machines/dailyOutput?days=5',
      headers: m.headers,
    });
    expect(chart.json().data.list).toEqual([
      { day: '2026-11-20', btc: '0', hashRate: '0', settled: { output: 'fixed', rate: '0.0000008' } },
      { day: '2026-11-21', btc: '0.000152', hashRate: '190', settled: { output: 'fixed', rate: '0.0000008' } },
      { day: '2026-11-22', btc: '0.000152', hashRate: '190', settled: { output: 'fixed', rate: '0.0000008' } },
      { day: '2026-11-23', btc: '0.000152', hashRate: '190', settled: { output: 'fixed', rate: '0.0000008' } },
      { day: '2026-11-24', btc: '0', hashRate: '0', settled: { output: 'fixed', rate: '0.0000008' } },
    ]);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('pays nothing for the day a miner was bought at 23:59', async () => {
    const m = await memberWithMiners('2026-12-01 23:59');
    await settle('2026-12-01');
    expect(await btcEarnings(m)).toBe(0n);
    await settle('2026-12-02');
    expect(await btcEarnings(m)).toBe(7_600n);
  });

  it('rounds each member-day down to the satoshi', async () => {
    // 0.000001 TH/s units: 1.234567 TH/s × 0.95 = 1.172838 (burn 0.061728 rounded down); × 0.0000008 BTC
    // = 0.00000093827 BTC, paid as 93 satoshis.
    const m = await memberWithMiners('2026-12-05 09:00', 1, { hashRate: '1.234567' });
    await settle('2026-12-06');
    expect(await btcEarnings(m)).toBe(93n);
  });

  it('credits each (member, day) once when two runs race, and a second run answers done', async () => {
    const m = await memberWithMiners('2026-12-10 09:00');
    const outcomes = await Promise.all([settle('2026-12-11'), settle('2026-12-11')]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ran)).toMatchObject({ ran: false });
    expect(await settle('2026-12-11')).toEqual({ ran: false, reason: 'done' });
    expect(await btcEarnings(m)).toBe(7_600n);
  });

  it('keeps the chunks paid when its last step crashes, and the re-run records the day and credits nobody twice', async () => {
    const m = await memberWithMiners('2026-12-15 09:00');
    await app.db.execute(
      sql.raw(`create or replace function fail_settle() returns trigger language plpgsql as $$ begin
        raise exception 'crash during settlement'; end $$`),
    );
    await app.db.execute(
      sql.raw(
        'create trigger fail_settle before insert on settlement_days for each row execute function fail_settle()',
      ),
    );
    await expect(settle('2026-12-16')).rejects.toThrow();
    await app.db.execute(sql.raw('drop trigger fail_settle on settlement_days'));
    expect(await btcEarnings(m)).toBe(7_600n);
    const runs = await queryRows(
      app.db,
      sql`select 1 from job_runs where job = 'settlement' and period = '2026-12-16'`,
    );
    expect(runs).toHaveLength(0);
    expect((await settle('2026-12-16')).ran).toBe(true);
    expect(await btcEarnings(m)).toBe(7_600n);
    expect(await queryRows(app.db, sql`select 1 from job_progress`)).toHaveLength(0);
  });

  it('resumes a settlement killed between chunks after the last that committed, paying each member once', async () => {
    const near = await memberWithMiners('2026-12-16 09:00');
    // A member whose id is in a later chunk than the first member's (CHUNK_MEMBERS ids a chunk).
    const farId = near.userId + 4 * CHUNK_MEMBERS;
    await app.db.execute(
      sql`insert into users (id, address) overriding system value
          values (${farId}, ${`0x${farId.toString(16).padStart(40, '0')}`})`,
    );
    await app.db.execute(
      sql`insert into miners (user_id, order_id, product_id, hash_rate, status, start_at, end_at)
          select ${farId}, order_id, product_id, hash_rate, status, start_at, end_at from miners
          where user_id = ${near.userId}`,
    );
    // The process dies in the far member's chunk: its transaction is rolled back.
    await app.db.execute(
      sql.raw(`create or replace function fail_settle() returns trigger language plpgsql as $$ begin
        if new.user_id = ${farId} then raise exception 'killed mid-chunk'; end if; return new; end $$`),
    );
    await app.db.execute(
      sql.raw('create trigger fail_settle before insert on mining_outputs for each row execute function fail_settle()'),
    );
    await expect(settle('2026-12-17')).rejects.toThrow();
    await app.db.execute(sql.raw('drop trigger fail_settle on mining_outputs'));
    const earned = await btcEarnings(near);
    expect(earned).toBeGreaterThan(0n);
    // The near member's range committed and left the list; the far member's is still listed.
    const listed = await queryRows<{ from_id: string; to_id: string }>(
      app.db,
      sql`select from_id::text, to_id::text from job_chunks where job = 'settlement' and period = '2026-12-17'`,
    );
    const holds = (id: number) => listed.some((r) => Number(r.from_id) <= id && id <= Number(r.to_id));
    expect(holds(near.userId)).toBe(false);
    expect(holds(farId)).toBe(true);
    const paidFar = () =>
      queryRows(app.db, sql`select 1 from mining_outputs where user_id = ${farId} and day = '2026-12-17'`);
    expect(await paidFar()).toHaveLength(0);

    expect((await settle('2026-12-17')).ran).toBe(true);
    expect(await btcEarnings(near)).toBe(earned);
    expect(await paidFar()).toHaveLength(1);
    const credits = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from transfers t join accounts a on a.id = t.credit_account_id
          where t.reference = 'settlement:2026-12-17' and a.user_id in (${near.userId}, ${farId}) group by a.user_id`,
    );
    expect(credits).toEqual([{ n: 1 }, { n: 1 }]);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it.runIf(testDbKind() === 'pg')(
    'works on two ranges at once, each on its own connection, each range once',
    async () => {
      const m = await memberWithMiners('2026-12-17 09:00');
      // Ranges up to a member a few chunks on, so that there is more than one to share.
      const farId = m.userId + 5 * CHUNK_MEMBERS;
      await app.db.execute(
        sql`insert into users (id, address) overriding system value
          values (${farId}, ${`0x${farId.toString(16).padStart(40, '0')}`})`,
      );
      await app.db.execute(sql.raw('create table chunk_done (from_id bigint, pid int, at timestamptz)'));
      await app.db.execute(
        sql.raw(`create function chunk_done() returns trigger language plpgsql as $$ begin
        insert into chunk_done values (old.from_id, pg_backend_pid(), clock_timestamp());
        perform pg_sleep(0.05); return old; end $$`),
      );
      await app.db.execute(
        sql.raw('create trigger chunk_done after delete on job_chunks for each row execute function chunk_done()'),
      );
      expect((await settle('2026-12-18')).ran).toBe(true);
      await app.db.execute(sql.raw('drop trigger chunk_done on job_chunks'));
      const done = await queryRows<{ from_id: string; pid: number }>(
        app.db,
        sql`select from_id::text, pid from chunk_done`,
      );
      const ranges = Math.ceil(farId / CHUNK_MEMBERS);
      expect(done).toHaveLength(ranges);
      expect(new Set(done.map((d) => d.from_id)).size).toBe(ranges);
      expect(new Set(done.map((d) => d.pid)).size).toBe(CHUNK_WORKERS);
      expect(await queryRows(app.db, sql`select 1 from job_chunks`)).toHaveLength(0);
      expect((await checkLedger(app.db)).ok).toBe(true);
    },
  );

  it('lets an operator run a settled day again only as a no-op, and never a day that has not ended', async () => {
    const token = await operatorToken(app);
    const run = (period: string) =>
      app.inject({
        method: 'POST',
        url: '/admin-api/jobs/run',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        payload: { job: 'settlement', period },
      });
    clock.set(at('2026-12-21 08:00'));
    expect((await run('2026-12-20')).json().data).toMatchObject({ ran: true, period: '2026-12-20' });
    expect((await run('2026-12-20')).json().data).toEqual({ ran: false, reason: 'done', period: '2026-12-20' });
    const today = await run('2026-12-21');
    expect(today.statusCode).toBe(400);
    expect((await run('2026-02-30')).statusCode).toBe(400);
    const member = await app.inject({
      method: 'POST',
      url: '/admin-api/jobs/run',
      headers: { authorization: 'Bearer nope' },
      payload: { job: 'settlement' },
    });
    expect(member.statusCode).toBe(401);
  });
});
