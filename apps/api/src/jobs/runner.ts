import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, type JobContext, queryRows } from '../db/client.ts';
import { fail } from '../lib/errors.ts';
import { observeJob } from '../lib/job-metrics.ts';

export type JobDefinition = {
  name: string;
  /** croner pattern, evaluated in the settlement time zone. */
  schedule: string;
  /** The period a run at `now` works on (e.g. yesterday for the daily settlement). */
  periodAt(now: Date, timeZone: string): string;
  isPeriod(period: string): boolean;
  /**
   * Jobs whose period this one needs done first: when one of them finishes a period, this one
   * starts; before they all have, a run of the period fails (and leaves nothing behind).
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
 *   answers `done`, and a crash mid-run leaves neither work nor row behind: the next start redoes it.
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
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${advisoryKey(`job:${job.name}`)}::bigint) as ok`,
    );
    if (!lock?.ok) return { ran: false, reason: 'busy' } as const;
    const claimed = await queryRows<{ job: string }>(
      tx,
      sql`insert into job_runs (job, period, started_at, trigger)
          values (${job.name}, ${period}, ${options.now.toISOString()}, ${options.trigger})
          on conflict do nothing returning job`,
    );
    if (claimed.length === 0) return { ran: false, reason: 'done' } as const;
    if (job.after && !(await periodsDone(tx, job.after, period))) return fail('badRequest', 'period');
    const result = await job.run({ tx, period, now: options.now });
    await tx.execute(
      sql`update job_runs set finished_at = ${options.now.toISOString()}, result = ${JSON.stringify(result)}
          where job = ${job.name} and period = ${period}`,
    );
    return { ran: true, result } as const;
  });
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
