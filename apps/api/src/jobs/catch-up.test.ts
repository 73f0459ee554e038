import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../test/app.ts';
import { testDbKind } from '../../test/database.ts';
import { newProduct } from '../../test/mining.ts';
import { fund, type Member, newMember, post, unitsOf } from '../../test/money.ts';
import { queryRows } from '../db/client.ts';
import { checkLedger } from '../ledger/check.ts';
import { fixedClock } from '../lib/clock.ts';
import { CATCH_UP_LIMIT, catchUp } from './catch-up.ts';
import { RETRY_FIRST_DELAY_MS } from './retry.ts';
import { CHUNK_MEMBERS } from './runner.ts';

/** An instant given as Shanghai wall time (the default settlement time zone), e.g. at('2026-11-20 10:00'). */
const at = (local: string) => new Date(`${local.replace(' ', 'T')}+08:00`);
/** One miner of 100 TH/s mines 95 TH/s after the burn: 95 × 0.0000008 BTC = 7,600 satoshis a whole day. */
const DAILY_SATS = 7_600n;

const clock = fixedClock(at('2026-11-20 10:00:00'));
let app: TestApp;
let miners: Member[];

/** A jobs process's log, kept: what ran, in which order, and what failed. */
function recordingLog() {
  const lines: { msg: string; job?: string; period?: string; trigger?: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const ran = () => lines.filter((l) => l.msg === 'job ran').map((l) => `${l.job} ${l.period} ${l.trigger}`);
  return { log, lines, ran };
}

/** One catch-up pass of a jobs process, as at its start, a scheduled time or a tick. */
const pass = (trigger = 'tick', log = recordingLog().log) => catchUp(app.db, clock, log, trigger);

/** Each miner's mining-output transfers by day, from the ledger: [reference, count] in the order written. */
async function outputTransfers(member: Member) {
  return queryRows<{ reference: string; n: number }>(
    app.db,
    sql`select t.reference, count(*)::int as n from transfers t join accounts a on a.id = t.credit_account_id
        where t.kind = 'mining_output' and a.user_id = ${member.userId}
        group by t.reference order by min(t.id)`,
  );
}

async function jobsScreen() {
  const res = await app.inject({
    method: 'GET',
    url: '/admin-api/jobs',
    headers: { authorization: `Bearer ${await operatorToken(app)}` },
  });
  return res.json().data.list as {
    name: string;
    behind: number;
    oldestMissing: string | null;
    retry: {
      period: string;
      attempts: number;
      lastError: string;
      lastFailedAt: string;
      nextRetryAt: string | null;
    } | null;
  }[];
}

async function daysBehindMetric() {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  return Object.fromEntries(
    [...res.body.matchAll(/^minecloud_job_days_behind\{job_name="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
}

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
  const productId = await newProduct(app, { hashRate: '100', price: '10', durationDays: 30 });
  miners = [];
  for (let i = 0; i < 2; i++) {
    const member = await newMember(app);
    await fund(app, member.userId, 'USDT', '100');
    const bought = await post(app, member, 'user_mining_machines/clickBuy', { productId, quantity: 1 });
    expect(bought.body.code).toBe(0);
    miners.push(member);
  }
});
afterAll(() => app.close());

describe('retries', () => {
  it('tries a failed settlement again after its backoff, records each try, and pays each miner once', async () => {
    // The first two runs fail in their last step, after the day's credits were written chunk by chunk
    // (a sequence is not rolled back).
    await app.db.execute(sql.raw('create sequence settle_tries'));
    await app.db.execute(
      sql.raw(`create function fail_settle() returns trigger language plpgsql as $$ begin
        if nextval('settle_tries') <= 2 then raise exception 'injected settlement failure'; end if;
        return new; end $$`),
    );
    await app.db.execute(
      sql.raw(
        'create trigger fail_settle before insert on settlement_days for each row execute function fail_settle()',
      ),
    );
    clock.set(at('2026-11-22 00:03:00'));
    const first = recordingLog();
    await pass('schedule', first.log);
    // The pool does not need the settlement; the liabilities do, and wait for it.
    expect(first.ran()).toEqual(['pool 2026-11-21 schedule']);
    expect(first.lines.filter((l) => l.msg === 'job failed').map((l) => l.job)).toEqual(['settlement']);
    // The day's members were paid chunk by chunk before the failing last step, once each.
    for (const miner of miners) {
      expect(await outputTransfers(miner)).toEqual([{ reference: 'settlement:2026-11-21', n: 1 }]);
    }

    let screen = await jobsScreen();
    const settlement = screen.find((j) => j.name === 'settlement');
    expect(settlement).toMatchObject({ behind: 1, oldestMissing: '2026-11-21' });
    expect(settlement?.retry).toMatchObject({ period: '2026-11-21', attempts: 1 });
    expect(settlement?.retry?.lastError).toContain('injected settlement failure');
    const firstFailed = new Date(settlement?.retry?.lastFailedAt as string).getTime();
    expect(new Date(settlement?.retry?.nextRetryAt as string).getTime()).toBe(firstFailed + RETRY_FIRST_DELAY_MS);
    expect(screen.find((j) => j.name === 'liabilities')).toMatchObject({ behind: 1, retry: null });

    // Before its backoff has passed, no pass tries it again.
    expect(await pass()).toBe(0);
    expect(await queryRows(app.db, sql`select 1 from job_attempts`)).toHaveLength(1);

    clock.advance(RETRY_FIRST_DELAY_MS + 30_000);
    const second = recordingLog();
    expect(await pass('tick', second.log)).toBe(0);
    expect(second.lines.filter((l) => l.msg === 'job failed').map((l) => l.trigger)).toEqual(['retry']);
    screen = await jobsScreen();
    expect(screen.find((j) => j.name === 'settlement')?.retry).toMatchObject({ attempts: 2 });
    const secondFailed = new Date(screen.find((j) => j.name === 'settlement')?.retry?.lastFailedAt as string);
    // The second wait is twice the first.
    expect(new Date(screen.find((j) => j.name === 'settlement')?.retry?.nextRetryAt as string).getTime()).toBe(
      secondFailed.getTime() + 2 * RETRY_FIRST_DELAY_MS,
    );

    clock.advance(2 * RETRY_FIRST_DELAY_MS + 30_000);
    const third = recordingLog();
    expect(await pass('tick', third.log)).toBe(2);
    expect(third.ran()).toEqual(['settlement 2026-11-21 retry', 'liabilities 2026-11-21 tick']);
    await app.db.execute(sql.raw('drop trigger fail_settle on settlement_days'));

    // Each miner was paid the day once, in the ledger, and the ledger holds.
    for (const miner of miners) {
      expect(await outputTransfers(miner)).toEqual([{ reference: 'settlement:2026-11-21', n: 1 }]);
      expect(await unitsOf(app, miner.userId, 'BTC', 'earnings')).toBe(DAILY_SATS);
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
    const [run] = await queryRows<{ attempt: number; trigger: string }>(
      app.db,
      sql`select attempt, trigger from job_runs where job = 'settlement' and period = '2026-11-21'`,
    );
    expect(run).toEqual({ attempt: 3, trigger: 'retry' });
    const attempts = await queryRows<{ attempt: number; trigger: string; error: string }>(
      app.db,
      sql`select attempt, trigger, error from job_attempts where job = 'settlement' order by attempt`,
    );
    expect(attempts.map((a) => [a.attempt, a.trigger])).toEqual([
      [1, 'schedule'],
      [2, 'retry'],
    ]);
    screen = await jobsScreen();
    expect(screen.map((j) => [j.name, j.behind, j.retry])).toEqual([
      ['settlement', 0, null],
      ['pool', 0, null],
      ['liabilities', 0, null],
      ['idempotency', 0, null],
      ['checkpoint', 0, null],
    ]);
  });
});

describe('catch-up', () => {
  it('runs the days missed while no jobs process ran, oldest first, day by day, each once', async () => {
    // No jobs process from 2026-11-22 00:05 to 2026-11-25 00:05: three days are due.
    clock.set(at('2026-11-25 00:05:00'));
    expect(await daysBehindMetric()).toEqual({ settlement: 3, pool: 3, liabilities: 3, idempotency: 0, checkpoint: 0 });
    const before = await Promise.all(miners.map((m) => unitsOf(app, m.userId, 'BTC', 'earnings')));

    const start = recordingLog();
    expect(await pass('startup', start.log)).toBe(9);
    expect(start.ran()).toEqual([
      'settlement 2026-11-22 catch-up',
      'pool 2026-11-22 catch-up',
      'liabilities 2026-11-22 catch-up',
      'settlement 2026-11-23 catch-up',
      'pool 2026-11-23 catch-up',
      'liabilities 2026-11-23 catch-up',
      'settlement 2026-11-24 startup',
      'pool 2026-11-24 startup',
      'liabilities 2026-11-24 startup',
    ]);
    for (const [i, miner] of miners.entries()) {
      expect(await outputTransfers(miner)).toEqual(
        ['21', '22', '23', '24'].map((d) => ({ reference: `settlement:2026-11-${d}`, n: 1 })),
      );
      expect(await unitsOf(app, miner.userId, 'BTC', 'earnings')).toBe((before[i] as bigint) + 3n * DAILY_SATS);
    }
    // A second start finds nothing to do.
    expect(await pass('startup')).toBe(0);
    // The metric's sample is kept for a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await daysBehindMetric()).toEqual({ settlement: 0, pool: 0, liabilities: 0, idempotency: 0, checkpoint: 0 });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('runs each day once when two jobs processes catch up at the same time', async () => {
    clock.set(at('2026-11-28 00:05:00'));
    const [a, b] = [recordingLog(), recordingLog()];
    const ran = await Promise.all([pass('startup', a.log), pass('startup', b.log)]);
    // A job busy in the other process is left to it; what is left after both, the next tick runs.
    const tick = recordingLog();
    ran.push(await pass('tick', tick.log));
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(9);
    const all = [...a.ran(), ...b.ran(), ...tick.ran()].map((line) => line.split(' ').slice(0, 2).join(' '));
    expect(new Set(all).size).toBe(9);
    for (const line of [...a.lines, ...b.lines, ...tick.lines]) expect(line.msg).not.toBe('job failed');
    const runs = await queryRows<{ job: string; n: number }>(
      app.db,
      sql`select job, count(*)::int as n from job_runs where period between '2026-11-25' and '2026-11-27'
          group by job order by job`,
    );
    expect(runs).toEqual([
      { job: 'liabilities', n: 3 },
      { job: 'pool', n: 3 },
      { job: 'settlement', n: 3 },
    ]);
    for (const miner of miners) {
      const transfers = await outputTransfers(miner);
      expect(transfers.slice(-3)).toEqual(
        ['25', '26', '27'].map((d) => ({ reference: `settlement:2026-11-${d}`, n: 1 })),
      );
    }
    const rounds = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from pool_rounds where day between '2026-11-25' and '2026-11-27'`,
    );
    expect(rounds[0]?.n).toBe(3);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('leaves a backlog longer than the limit to an operator, and the metric shows it', async () => {
    clock.set(at('2027-01-03 00:05:00'));
    const start = recordingLog();
    expect(await pass('startup', start.log)).toBe(0);
    expect(start.lines.filter((l) => l.msg === 'job too far behind: run the oldest by hand')).toHaveLength(3);
    // 2026-11-28 to 2027-01-02.
    const behind = 36;
    expect(behind).toBeGreaterThan(CATCH_UP_LIMIT);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await daysBehindMetric()).toEqual({
      settlement: behind,
      pool: behind,
      liabilities: behind,
      idempotency: 0,
      checkpoint: 0,
    });
    expect((await jobsScreen()).find((j) => j.name === 'pool')).toMatchObject({ behind, oldestMissing: '2026-11-28' });
  });
});

describe.skipIf(testDbKind() !== 'pg')('a jobs process that dies mid-run (PostgreSQL)', () => {
  it('leaves nothing of the chunk it died in, nor a run, and the next pass pays the day once', async () => {
    // Back within reach: 2026-11-28 to 2026-11-30 are due.
    clock.set(at('2026-12-01 00:05:00'));
    await app.db.execute(sql.raw('create sequence kill_tries'));
    // The backend running the settlement's chunk of these members ends mid-transaction, as when its
    // process or host dies (a chunk of other members may commit beside it).
    const ids = miners.map((m) => m.userId).join(', ');
    expect(new Set(miners.map((m) => Math.floor((m.userId - 1) / CHUNK_MEMBERS))).size).toBe(1);
    await app.db.execute(
      sql.raw(`create function kill_settle() returns trigger language plpgsql as $$ begin
        if new.user_id in (${ids}) and nextval('kill_tries') = 1 then perform pg_terminate_backend(pg_backend_pid()); end if;
        return new; end $$`),
    );
    await app.db.execute(
      sql.raw('create trigger kill_settle before insert on mining_outputs for each row execute function kill_settle()'),
    );
    const dying = recordingLog();
    await pass('tick', dying.log);
    expect(dying.lines.some((l) => l.msg === 'job failed' && l.job === 'settlement')).toBe(true);
    // Nothing of that chunk: no credit, no run row, and no attempt (the connection was gone).
    for (const miner of miners) {
      expect((await outputTransfers(miner)).map((t) => t.reference)).not.toContain('settlement:2026-11-28');
    }
    expect(
      await queryRows(app.db, sql`select 1 from job_runs where job = 'settlement' and period = '2026-11-28'`),
    ).toHaveLength(0);
    const next = recordingLog();
    await pass('tick', next.log);
    expect(next.ran().filter((l) => l.startsWith('settlement'))).toEqual([
      'settlement 2026-11-28 catch-up',
      'settlement 2026-11-29 catch-up',
      'settlement 2026-11-30 tick',
    ]);
    await app.db.execute(sql.raw('drop trigger kill_settle on mining_outputs'));
    for (const miner of miners) {
      const days = (await outputTransfers(miner)).filter((t) => t.reference >= 'settlement:2026-11-28');
      expect(days).toEqual(['28', '29', '30'].map((d) => ({ reference: `settlement:2026-11-${d}`, n: 1 })));
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});
