import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, type JobContext, queryRows } from '../db/client.ts';
import { AppError, fail } from '../lib/errors.ts';
import { observeJob } from '../lib/job-metrics.ts';
import { getSetting } from '../modules/config/settings.ts';

export type JobDefinition = {
  name: string;
  /** croner pattern, evaluated in the settlement time zone. */
  schedule: string;
  /** The period a run at `now` works on (e.g. yesterday for the daily settlement). */
  periodAt(now: Date, timeZone: string): string;
  isPeriod(period: string): boolean;
  /** The period after `period`: the catch-up (jobs/catch-up.ts) runs missed periods in this order. */
  nextPeriod(period: string): string;
  /** The instant `period` ends: no run may start before it, and the schedule's first time after it is when it is due. */
  periodEnd(period: string, timeZone: string): Date;
  /**
   * Jobs whose period this one needs done first: when one of them finishes a period, this one
   * starts; before they all have, a run of the period is refused (and leaves nothing behind).
   */
  after?: readonly string[];
  /** Does the period's work inside the run's transaction; returns a summary kept with the run. */
  run(context: JobContext): Promise<Record<string, unknown>>;
};

export type RunOutcome = { ran: true; result: Record<string, unknown> } | { ran: false; reason: 'done' | 'busy' };

/**
 * Runs one period of a job at most once, however many processes or operators start it:
 * - one runner at a time per job: `pg_try_advisory_xact_lock`, held until the run's transaction ends
 *   (a second runner does not wait: it answers `busy`);
 * - the (job, period) row is inserted in the same transaction as the work, so a finished period
 *   answers `done`, and a crash mid-run leaves neither work nor row behind: the next start redoes it;
 * - a run whose work throws is rolled back to a savepoint and, still under the lock, recorded in
 *   `job_attempts` (the retries' count and backoff, jobs/retry.ts); the error is then rethrown.
 * A period that has not ended, or whose `after` jobs have not finished it, is refused (`period`)
 * before any work: that is not an attempt.
 */
export async function runJob(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string },
): Promise<RunOutcome> {
  return observeJob(job.name, () => runPeriod(db, job, period, options), {
    at: () => options.now,
    worked: (outcome) => outcome.ran,
  });
}

async function runPeriod(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string },
): Promise<RunOutcome> {
  const started = performance.now();
  const answer = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${advisoryKey(`job:${job.name}`)}::bigint) as ok`,
    );
    if (!lock?.ok) return { ran: false, reason: 'busy' } as const;
    const done = await queryRows(tx, sql`select 1 from job_runs where job = ${job.name} and period = ${period}`);
    if (done.length > 0) return { ran: false, reason: 'done' } as const;
    const timeZone = await getSetting(tx, 'settlement.timeZone');
    if (job.periodEnd(period, timeZone).getTime() > options.now.getTime()) return fail('badRequest', 'period');
    if (job.after && !(await periodsDone(tx, job.after, period))) return fail('badRequest', 'period');
    const [failed] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from job_attempts where job = ${job.name} and period = ${period}`,
    );
    const attempt = (failed?.n ?? 0) + 1;
    try {
      const result = await tx.transaction(async (work) => {
        await work.execute(
          sql`insert into job_runs (job, period, started_at, trigger, attempt)
              values (${job.name}, ${period}, ${options.now.toISOString()}, ${options.trigger}, ${attempt})`,
        );
        const summary = await job.run({ tx: work, period, now: options.now });
        await work.execute(
          sql`update job_runs set finished_at = ${options.now.toISOString()}, result = ${JSON.stringify(summary)}
              where job = ${job.name} and period = ${period}`,
        );
        return summary;
      });
      return { ran: true, result } as const;
    } catch (error) {
      // The run's clock stands still during the run: the failure is stamped with the time it took.
      const failedAt = new Date(options.now.getTime() + Math.round(performance.now() - started));
      // When even this fails (the connection is gone), the run's own error is the one to see.
      await tx
        .execute(
          sql`insert into job_attempts (job, period, attempt, round, trigger, started_at, failed_at, error)
              values (${job.name}, ${period}, ${attempt}, ${job.periodAt(options.now, timeZone)}, ${options.trigger},
                ${options.now.toISOString()}, ${failedAt.toISOString()}, ${errorText(error)})`,
        )
        .catch(() => {
          throw error;
        });
      return { failed: error };
    }
  });
  if ('failed' in answer) throw answer.failed;
  return answer;
}

/**
 * What the console shows of a failed attempt, at most 1,000 characters: the root cause's message (a
 * failed query's own message is its text and parameters: the database's error says why), and a
 * refusal's field.
 */
function errorText(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const text =
    root instanceof AppError
      ? `${root.message}${root.field ? ` (${root.field})` : ''}`
      : root instanceof Error
        ? root.message
        : String(root);
  return text.slice(0, 1_000);
}

/** Whether every one of `jobs` has finished `period`: a job that needs them starts only then. */
export async function periodsDone(db: Pick<Db, 'execute'>, jobs: readonly string[], period: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from job_runs
        where period = ${period} and finished_at is not null and job in (${sql.join(
          jobs.map((j) => sql`${j}`),
          sql`, `,
        )})`,
  );
  return row?.n === jobs.length;
}
