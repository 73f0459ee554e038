import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, type JobContext, type MemberRange, queryRows, type TxDb } from '../db/client.ts';
import { AppError, fail } from '../lib/errors.ts';
import { observeJob } from '../lib/job-metrics.ts';
import { getSetting } from '../modules/config/settings.ts';
import type { NetworkSource } from '../modules/network/source.ts';

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
  /**
   * Work too large for one transaction (a settlement of every member), done before `run`:
   * `prepare` first, in a transaction of its own (what it returns is kept with the period's progress,
   * `job_progress`, for every chunk, and the ranges of CHUNK_MEMBERS member ids up to the largest id
   * there is then are listed in `job_chunks`); then `chunk` for each range, each in a transaction of
   * its own that also deletes the range from the list, CHUNK_WORKERS at a time. So a chunk's work
   * commits once, a crash leaves the ranges not committed to the next start, and a member's own
   * calls wait at most for one chunk. `run` comes last, with `prepared`, once no range is left.
   */
  chunked?: {
    prepare(context: JobContext): Promise<Record<string, unknown>>;
    chunk(context: JobContext, prepared: Record<string, unknown>, range: MemberRange): Promise<void>;
  };
  /**
   * Why an ended period cannot run yet, or null when it can: what it needs from outside is not to be
   * had (a network day the chain has not completed, a node that does not answer). Asked before
   * every run, outside any transaction; a period that waits is not an attempt and not a failure:
   * it is kept in `job_waits` with its reason (the console shows it, /metrics how long it has
   * waited) and asked again at the next catch-up pass, every minute.
   */
  waitFor?(context: WaitContext): Promise<string | null>;
  /** Does the period's work inside the run's transaction; returns a summary kept with the run. */
  run(context: JobContext, prepared?: Record<string, unknown>): Promise<Record<string, unknown>>;
};

/** Member ids a chunk of a chunked job covers. */
export const CHUNK_MEMBERS = 10_000;
/**
 * Chunks a runner works on at once, each on its own connection. A chunk is one process of the
 * database busy for about a second: two keep two cores of the primary busy while the money traffic
 * goes on between them (docs/operations.md, section 5 "Chunks"). On PGlite they take turns.
 */
export const CHUNK_WORKERS = 2;

/** What a job's `waitFor` is given: the database, the period and its end, and the sources a job reads. */
export type WaitContext = { db: Db; period: string; now: Date; timeZone: string } & JobSources;

/** What the jobs read from outside the database: the Bitcoin network's days (null: none configured). */
export type JobSources = { network?: NetworkSource | null };

export type RunOutcome =
  | { ran: true; result: Record<string, unknown> }
  | { ran: false; reason: 'done' | 'busy' }
  | { ran: false; reason: 'waiting'; why: string };

/**
 * Runs one period of a job at most once, however many processes or operators start it:
 * - one runner at a time per job: `pg_try_advisory_xact_lock`, held until the run's transaction ends
 *   (a second runner does not wait: it answers `busy`);
 * - the (job, period) row is inserted in the same transaction as the work, so a finished period
 *   answers `done`, and a crash mid-run leaves neither work nor row behind: the next start redoes it
 *   (a chunked job's chunks commit one by one before it, with its progress: the next start goes on
 *   after the last);
 * - a run whose work throws is rolled back to a savepoint and, still under the lock, recorded in
 *   `job_attempts` (the retries' count and backoff, jobs/retry.ts); the error is then rethrown.
 * A period that has not ended, or whose `after` jobs have not finished it, is refused (`period`)
 * before any work: that is not an attempt.
 */
export async function runJob(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string } & JobSources,
): Promise<RunOutcome> {
  const waiting = await waitingFor(db, job, period, options);
  if (waiting) return waiting;
  return observeJob(job.name, () => runPeriod(db, job, period, options), {
    at: () => options.now,
    worked: (outcome) => outcome.ran,
  });
}

/**
 * Takes the job's turn for `period` in this transaction, alone or shared with other chunks of the
 * period: `busy` or `done` when there is nothing to do here, a refusal when the period may not run
 * yet, else the time zone and this attempt's number.
 */
async function turn(
  tx: TxDb,
  job: JobDefinition,
  period: string,
  now: Date,
  mode: 'alone' | 'shared' = 'alone',
): Promise<RunOutcome | { timeZone: string; attempt: number }> {
  const key = advisoryKey(`job:${job.name}`);
  const [lock] = await queryRows<{ ok: boolean }>(
    tx,
    mode === 'alone'
      ? sql`select pg_try_advisory_xact_lock(${key}::bigint) as ok`
      : sql`select pg_try_advisory_xact_lock_shared(${key}::bigint) as ok`,
  );
  if (!lock?.ok) return { ran: false, reason: 'busy' };
  const done = await queryRows(tx, sql`select 1 from job_runs where job = ${job.name} and period = ${period}`);
  if (done.length > 0) return { ran: false, reason: 'done' };
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  if (job.periodEnd(period, timeZone).getTime() > now.getTime()) return fail('badRequest', 'period');
  if (job.after && !(await periodsDone(tx, job.after, period))) return fail('badRequest', 'period');
  const [failed] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from job_attempts where job = ${job.name} and period = ${period}`,
  );
  return { timeZone, attempt: (failed?.n ?? 0) + 1 };
}

/**
 * Runs `work` to a savepoint; when it throws, records the failed attempt in `tx` (under the job's
 * lock) and answers the error, for the caller to rethrow once the transaction has ended.
 */
async function attempted<T>(
  tx: TxDb,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string },
  at: { timeZone: string; attempt: number; started: number },
  work: (savepoint: TxDb) => Promise<T>,
): Promise<{ done: T } | { failed: unknown }> {
  try {
    return { done: await tx.transaction(work) };
  } catch (error) {
    // The run's clock stands still during the run: the failure is stamped with the time it took.
    const failedAt = new Date(options.now.getTime() + Math.round(performance.now() - at.started));
    // When even this fails (the connection is gone), the run's own error is the one to see.
    await tx
      .execute(
        sql`insert into job_attempts (job, period, attempt, round, trigger, started_at, failed_at, error)
            values (${job.name}, ${period}, ${at.attempt}, ${job.periodAt(options.now, at.timeZone)}, ${options.trigger},
              ${options.now.toISOString()}, ${failedAt.toISOString()}, ${errorText(error)})`,
      )
      .catch(() => {
        throw error;
      });
    return { failed: error };
  }
}

/**
 * A chunked job's first step and chunks (JobDefinition.chunked): resolves what the first step fixed
 * once every range is paid, or why nothing is to be done here. Its first step takes the job's turn
 * alone; its chunks share it (`pg_try_advisory_xact_lock_shared`): CHUNK_WORKERS of this runner, and
 * those of a runner in another process, each claim the next range not claimed (`FOR UPDATE SKIP
 * LOCKED`), so each range is worked on once at a time and committed once.
 */
async function runChunks(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string },
  started: number,
): Promise<RunOutcome | { prepared: Record<string, unknown> | undefined }> {
  const chunked = job.chunked;
  if (!chunked) return { prepared: undefined };
  const first = await db.transaction(async (tx) => {
    const at = await turn(tx, job, period, options.now);
    if ('ran' in at) return at;
    const [progress] = await queryRows<{ prepared: Record<string, unknown> }>(
      tx,
      sql`select prepared from job_progress where job = ${job.name} and period = ${period}`,
    );
    if (progress) return { prepared: progress.prepared };
    const outcome = await attempted(tx, job, period, options, { ...at, started }, async (work) => {
      const prepared = await chunked.prepare({ tx: work, period, now: options.now });
      await work.execute(
        sql`insert into job_progress (job, period, prepared) values (${job.name}, ${period}, ${JSON.stringify(prepared)}::jsonb)`,
      );
      await work.execute(
        sql`insert into job_chunks (job, period, from_id, to_id)
            select ${job.name}, ${period}, f, least(f + ${CHUNK_MEMBERS - 1}, m.id)
            from (select coalesce(max(id), 0) as id from users) m, generate_series(1, m.id, ${CHUNK_MEMBERS}) f`,
      );
      return prepared;
    });
    return 'failed' in outcome ? outcome : { prepared: outcome.done };
  });
  if ('ran' in first) return first;
  if ('failed' in first) throw first.failed;
  const { prepared } = first;
  // One worker's failure (its work threw, or its connection died) stops the others at their next
  // claim; the first failure is the answer. A range claimed here is never claimed again by this
  // runner: a died connection's locks go before its error reaches the other worker, which would
  // otherwise take the range up at once.
  let stop: { failed: unknown } | { busy: true } | null = null;
  const claimed: number[] = [];
  const worker = async () => {
    while (!stop) {
      const step = await db
        .transaction(async (tx) => {
          const at = await turn(tx, job, period, options.now, 'shared');
          if ('ran' in at) return !at.ran && at.reason === 'busy' ? ({ busy: true } as const) : 'done';
          // By the column, not by its text (the select's names would order '100001' before '20001').
          const [range] = await queryRows<{ first: string; last: string }>(
            tx,
            sql`select c.from_id::text as first, c.to_id::text as last from job_chunks c
                where c.job = ${job.name} and c.period = ${period}
                  and c.from_id <> all(${`{${claimed.join(',')}}`}::bigint[])
                order by c.from_id limit 1 for update skip locked`,
          );
          if (!range) return 'done';
          const from = Number(range.first);
          claimed.push(from);
          const outcome = await attempted(tx, job, period, options, { ...at, started }, async (work) => {
            await chunked.chunk({ tx: work, period, now: options.now }, prepared, { from, to: Number(range.last) });
            await work.execute(
              sql`delete from job_chunks where job = ${job.name} and period = ${period} and from_id = ${from}`,
            );
          });
          return 'failed' in outcome ? outcome : 'next';
        })
        .catch((error: unknown) => ({ failed: error }));
      if (step === 'done') return;
      if (step === 'next') continue;
      stop ??= step;
    }
  };
  await Promise.all(Array.from({ length: CHUNK_WORKERS }, worker));
  // Set by the workers (TypeScript does not follow assignments made in a closure).
  const ended = stop as { failed: unknown } | { busy: true } | null;
  if (ended && 'failed' in ended) throw ended.failed;
  if (ended) return { ran: false, reason: 'busy' };
  return { prepared };
}

/**
 * The period's wait (JobDefinition.waitFor), recorded in `job_waits` from its first sight on, or
 * null when it may run (or has ended, or has run: `turn` answers those).
 */
async function waitingFor(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date } & JobSources,
): Promise<RunOutcome | null> {
  if (!job.waitFor) return null;
  const timeZone = await getSetting(db, 'settlement.timeZone');
  if (job.periodEnd(period, timeZone).getTime() > options.now.getTime()) return null;
  if ((await queryRows(db, sql`select 1 from job_runs where job = ${job.name} and period = ${period}`)).length > 0) {
    return null;
  }
  const why = await job.waitFor({ db, period, now: options.now, timeZone, network: options.network ?? null });
  if (why === null) return null;
  const at = options.now.toISOString();
  await db.execute(
    sql`insert into job_waits (job, period, reason, since, checked_at) values (${job.name}, ${period}, ${why}, ${at}, ${at})
        on conflict (job, period) do update set reason = excluded.reason, checked_at = excluded.checked_at`,
  );
  return { ran: false, reason: 'waiting', why };
}

async function runPeriod(
  db: Db,
  job: JobDefinition,
  period: string,
  options: { now: Date; trigger: string },
): Promise<RunOutcome> {
  const started = performance.now();
  for (;;) {
    const chunks = await runChunks(db, job, period, options, started);
    if ('ran' in chunks) return chunks;
    const answer = await db.transaction(async (tx) => {
      const at = await turn(tx, job, period, options.now);
      if ('ran' in at) return at;
      // A range another runner claimed and did not commit (its process died) is still listed: it
      // is paid before the period is recorded.
      if (job.chunked) {
        const left = await queryRows(
          tx,
          sql`select 1 from job_chunks where job = ${job.name} and period = ${period} limit 1`,
        );
        if (left.length > 0) return 'ranges left' as const;
      }
      const outcome = await attempted(tx, job, period, options, { ...at, started }, async (work) => {
        await work.execute(
          sql`insert into job_runs (job, period, started_at, trigger, attempt)
              values (${job.name}, ${period}, ${options.now.toISOString()}, ${options.trigger}, ${at.attempt})`,
        );
        const summary = await job.run({ tx: work, period, now: options.now }, chunks.prepared);
        await work.execute(
          sql`update job_runs set finished_at = ${options.now.toISOString()}, result = ${JSON.stringify(summary)}
              where job = ${job.name} and period = ${period}`,
        );
        await work.execute(sql`delete from job_progress where job = ${job.name} and period = ${period}`);
        await work.execute(sql`delete from job_waits where job = ${job.name} and period = ${period}`);
        return summary;
      });
      return 'failed' in outcome ? outcome : ({ ran: true, result: outcome.done } as const);
    });
    if (answer === 'ranges left') continue;
    if ('failed' in answer) throw answer.failed;
    return answer;
  }
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
