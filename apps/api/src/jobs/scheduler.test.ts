import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { queryRows } from '../db/client.ts';
import { fixedClock } from '../lib/clock.ts';
import { startScheduler } from './scheduler.ts';

let app: TestApp;
// 2026-11-22 00:30 in Shanghai: the 21st has ended, the 22nd has not.
const clock = fixedClock('2026-11-21T16:30:00Z');
beforeAll(async () => {
  app = await buildTestApp({}, undefined, { clock });
});
afterAll(() => app.close());

it('catches up the latest period at start, in the settlement time zone, and only once across starts', async () => {
  const first = await startScheduler(app.db, clock, app.log);
  first.stop();
  const second = await startScheduler(app.db, clock, app.log);
  second.stop();
  const runs = await queryRows<{ period: string; trigger: string }>(
    app.db,
    sql`select period, trigger from job_runs where job = 'settlement'`,
  );
  expect(runs).toEqual([{ period: '2026-11-21', trigger: 'startup' }]);
});

it('takes the liabilities snapshot once the settlement and the pool have both finished the day', async () => {
  const runs = await queryRows<{ job: string; period: string; trigger: string }>(
    app.db,
    sql`select job, period, trigger from job_runs order by started_at, job`,
  );
  const liabilities = runs.filter((r) => r.job === 'liabilities');
  // Started as soon as the pool (after the settlement) finished, never before: one run, no failure.
  expect(liabilities).toEqual([{ job: 'liabilities', period: '2026-11-21', trigger: 'startup' }]);
  expect(await queryRows(app.db, sql`select 1 from job_attempts`)).toEqual([]);
  const [snapshots] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from liability_snapshots where day = '2026-11-21'`,
  );
  expect(snapshots?.n).toBe(3);
});

it('catches up on each tick between scheduled times, not only at start', async () => {
  const scheduler = await startScheduler(app.db, clock, app.log, { catchUpMs: 20 });
  try {
    // Two days pass with the process up but no scheduled time seen (the clock is moved, not waited for).
    clock.set('2026-11-23T16:30:00Z');
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ period: string; trigger: string }>(
              app.db,
              sql`select period, trigger from job_runs where job = 'settlement' order by period`,
            )
          ).map((r) => `${r.period} ${r.trigger}`),
        { timeout: 10_000, interval: 50 },
      )
      .toEqual(['2026-11-21 startup', '2026-11-22 catch-up', '2026-11-23 tick']);
  } finally {
    scheduler.stop();
  }
});
