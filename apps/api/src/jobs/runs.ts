import { sql } from 'drizzle-orm';
import { type Db, isoTime, pageClause, queryRows } from '../db/client.ts';
import { getSetting } from '../modules/config/settings.ts';
import { readBacklog } from './catch-up.ts';

/**
 * Every job with its latest period at `now`, its last run, its backlog and the retries of its oldest
 * missing period, for the console's jobs screen.
 */
export async function jobList(db: Db, now: Date) {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const backlog = await readBacklog(db, now, timeZone);
  const last = await queryRows<{
    job: string;
    period: string;
    started_at: string;
    finished_at: string | null;
    trigger: string;
  }>(
    db,
    sql`select distinct on (job) job, period, started_at::text, finished_at::text, trigger
        from job_runs order by job_runs.job, job_runs.started_at desc`,
  );
  const waits = await queryRows<{ job: string; period: string; reason: string; since: string }>(
    db,
    sql`select job, period, reason, since::text from job_waits`,
  );
  return {
    list: backlog.map(({ job, pending, retry }) => {
      const run = last.find((r) => r.job === job.name);
      const oldestMissing = pending[0] ?? null;
      const wait = waits.find((w) => w.job === job.name && w.period === oldestMissing);
      return {
        name: job.name,
        latestPeriod: job.periodAt(now, timeZone),
        lastRun: run
          ? {
              period: run.period,
              startedAt: isoTime(run.started_at) as string,
              finishedAt: isoTime(run.finished_at),
              trigger: run.trigger,
            }
          : null,
        behind: pending.length,
        oldestMissing,
        retry:
          retry && oldestMissing
            ? {
                period: oldestMissing,
                attempts: retry.attempts,
                lastError: retry.lastError,
                lastFailedAt: retry.lastFailedAt.toISOString(),
                nextRetryAt: retry.nextTryAt?.toISOString() ?? null,
              }
            : null,
        waiting: wait ? { period: wait.period, reason: wait.reason, since: isoTime(wait.since) as string } : null,
      };
    }),
  };
}

/** The runs of every job (or of one), newest first. */
export async function jobRunPage(db: Db, query: { job?: string | undefined; pageNo: number; pageSize: number }) {
  const where = query.job ? sql`where job = ${query.job}` : sql``;
  const rows = await queryRows<{
    job: string;
    period: string;
    started_at: string;
    finished_at: string | null;
    result: string | null;
    trigger: string;
    attempt: number;
  }>(
    db,
    sql`select job, period, started_at::text, finished_at::text, result, trigger, attempt from job_runs ${where}
        order by job_runs.started_at desc, job_runs.job, job_runs.period desc ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from job_runs ${where}`);
  return {
    list: rows.map((r) => ({
      job: r.job,
      period: r.period,
      startedAt: isoTime(r.started_at) as string,
      finishedAt: isoTime(r.finished_at),
      result: r.result,
      trigger: r.trigger,
      attempt: r.attempt,
    })),
    total: count?.n ?? 0,
  };
}
