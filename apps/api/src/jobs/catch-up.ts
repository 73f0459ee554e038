import { JOB_CATCH_UP_DAYS } from '@minecloud/contract/admin';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { getSetting } from '../modules/config/settings.ts';
import { JOBS } from './index.ts';
import { type Attempt, type RetryState, retryState } from './retry.ts';
import { type JobDefinition, type JobSources, periodsDone, runJob } from './runner.ts';

/**
 * The catch-up of the period jobs (docs/operations.md, section 5 "Catch-up"): every period that is
 * due and has not run, which a failed run or a time without any jobs process left behind, is run by
 * the jobs processes themselves, oldest first. Exactly once is the runner's (its advisory lock and
 * the run's row, committed with the work); this file only picks what to run, and in which order.
 */

/**
 * A job more periods behind than this is not caught up by itself: an operator runs its oldest days by
 * hand. It bounds what a clock set years ahead could do (a month of days settled at once, no more).
 */
export const CATCH_UP_LIMIT = JOB_CATCH_UP_DAYS;
/** Past this many periods the backlog is not listed further (ten years of days). */
const COUNT_LIMIT = 3_660;

export type JobBacklog = {
  job: JobDefinition;
  /** The periods due and not run, oldest first: those after the job's newest finished one. */
  pending: string[];
  /** The retries of the oldest pending period, if it failed before. */
  retry: RetryState | null;
};

/** Periods sort as their text: days 'YYYY-MM-DD'. */
const byPeriod = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const schedules = new Map<string, Cron>();

/** When `period` of `job` is due: its schedule's first time at or after the period's end. */
function dueAt(job: JobDefinition, period: string, timeZone: string): Date | null {
  const key = `${job.schedule} ${timeZone}`;
  let schedule = schedules.get(key);
  if (!schedule) {
    // Without a function croner starts no timer: it only computes times.
    schedule = new Cron(job.schedule, { timezone: timeZone });
    schedules.set(key, schedule);
  }
  return schedule.nextRun(new Date(job.periodEnd(period, timeZone).getTime() - 1));
}

/**
 * Every period job's backlog at `now`. A job that never finished a period starts at its latest one
 * (or an older one it tried): a new installation does not settle the days before it existed.
 */
export async function readBacklog(db: Tx, now: Date, timeZone: string): Promise<JobBacklog[]> {
  const newest = await queryRows<{ job: string; period: string }>(
    db,
    sql`select job, max(period) as period from job_runs where finished_at is not null group by job`,
  );
  const failed = await queryRows<{ job: string; period: string; round: string; failed_at: string; error: string }>(
    db,
    sql`select a.job, a.period, a.round, a.failed_at::text, a.error from job_attempts a
        where not exists (select 1 from job_runs r where r.job = a.job and r.period = a.period)
        order by a.job, a.period, a.attempt`,
  );
  return (Object.values(JOBS) as JobDefinition[]).map((job) => {
    const last = newest.find((r) => r.job === job.name)?.period;
    const pending: string[] = [];
    let period = last === undefined ? firstPeriod(job, now, timeZone, failed) : job.nextPeriod(last);
    for (; pending.length < COUNT_LIMIT; period = job.nextPeriod(period)) {
      const due = dueAt(job, period, timeZone);
      if (!due || due.getTime() > now.getTime()) break;
      pending.push(period);
    }
    const oldest = pending[0];
    const attempts: Attempt[] = failed
      .filter((a) => a.job === job.name && a.period === oldest)
      .map((a) => ({ round: a.round, failedAt: new Date(a.failed_at), error: a.error }));
    return { job, pending, retry: retryState(attempts, job.periodAt(now, timeZone)) };
  });
}

/** Where a job that never finished a period starts: its latest period, or an older one that failed. */
function firstPeriod(job: JobDefinition, now: Date, timeZone: string, failed: { job: string; period: string }[]) {
  const tried = failed.filter((a) => a.job === job.name).map((a) => a.period);
  return [job.periodAt(now, timeZone), ...tried].sort(byPeriod)[0] as string;
}

/** How many periods each job is behind at `now` (for /metrics, `minecloud_job_days_behind`). */
export async function periodsBehind(db: Db, now: Date): Promise<Map<string, number>> {
  const backlog = await readBacklog(db, now, await getSetting(db, 'settlement.timeZone'));
  return new Map(backlog.map((b) => [b.job.name, b.pending.length]));
}

type Step = { job: JobDefinition; period: string; retry: RetryState | null };

/**
 * One catch-up pass: runs every due period not run yet, day by day, oldest first (on one day the
 * settlement, the pool, then the liabilities once both have the day), each job's periods in order.
 * A job leaves the pass when its period is busy in another process, fails (its retry waits for its
 * time), has spent this round's tries, or is more than CATCH_UP_LIMIT periods behind. Answers how
 * many periods it ran.
 */
export async function catchUp(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  trigger: string,
  sources: JobSources = {},
): Promise<number> {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const left = new Set<string>();
  const tried = new Set<string>();
  let ran = 0;
  for (;;) {
    const now = clock.now();
    const step = await nextStep(db, await readBacklog(db, now, timeZone), now, left, log);
    if (!step) return ran;
    const { job, period, retry } = step;
    // A period another process finished is no longer pending at the next read; one tried in this
    // pass and still pending (an operator's hand in between, say) waits for the next pass.
    if (tried.has(`${job.name} ${period}`)) {
      left.add(job.name);
      continue;
    }
    tried.add(`${job.name} ${period}`);
    const why = retry ? 'retry' : period === job.periodAt(now, timeZone) ? trigger : 'catch-up';
    try {
      const outcome = await runJob(db, job, period, { now, trigger: why, ...sources });
      if (outcome.ran) {
        ran += 1;
        log.info({ job: job.name, period, trigger: why, result: outcome.result }, 'job ran');
      } else if (outcome.reason === 'waiting') {
        // Asked again at the next pass; the console and /metrics show the wait (job_waits).
        log.debug({ job: job.name, period, why: outcome.why }, 'job waiting');
        left.add(job.name);
      } else {
        log.debug({ job: job.name, period, reason: outcome.reason }, 'job skipped');
        if (outcome.reason === 'busy') left.add(job.name);
      }
    } catch (error) {
      log.error({ err: error, job: job.name, period, trigger: why }, 'job failed');
      left.add(job.name);
    }
  }
}

/** The oldest period some job may run now, ties in the order of JOBS; null when none may. */
async function nextStep(
  db: Db,
  backlog: JobBacklog[],
  now: Date,
  left: Set<string>,
  log: FastifyBaseLogger,
): Promise<Step | null> {
  const waiting = backlog
    .filter((b) => b.pending.length > 0 && !left.has(b.job.name))
    // Array sort is stable: on one day, the order of JOBS stays.
    .sort((a, b) => byPeriod(a.pending[0] as string, b.pending[0] as string));
  for (const { job, pending, retry } of waiting) {
    const period = pending[0] as string;
    if (pending.length > CATCH_UP_LIMIT) {
      log.warn({ job: job.name, behind: pending.length, oldest: period }, 'job too far behind: run the oldest by hand');
      left.add(job.name);
    } else if (retry && (retry.nextTryAt === null || retry.nextTryAt.getTime() > now.getTime())) {
      left.add(job.name);
    } else if (!job.after || (await periodsDone(db, job.after, period))) {
      return { job, period, retry };
    }
  }
  return null;
}
