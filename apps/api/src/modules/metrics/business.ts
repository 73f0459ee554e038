import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedgerSinceCheckpoint, type LedgerCheck } from '../../ledger/check.ts';
import type { Clock } from '../../lib/clock.ts';
import { jobActivity } from '../../lib/job-metrics.ts';
import type { Chain } from '../wallet/chain.ts';
import { payoutWallet, registerPayoutWallet } from './payout-wallet.ts';
import { OptionalGauge, type Sampler, sampler } from './sampler.ts';
import { registerSolvency, solvencyFigures } from './solvency.ts';
import { openWithdrawals, registerWithdrawals } from './withdrawals.ts';

/**
 * The figures an operator alerts on, read when Prometheus scrapes (prom-client `collect`): the
 * ledger invariant, jobs, the withdrawal queue, the payout wallet and the database pool. Each
 * database or chain read is a `sampler`: bounded in time, shared by the gauges it feeds, and kept
 * for a while, so a slow database or RPC can neither hang a scrape nor be hit by a pile of them.
 *
 * Amounts are floats here (a gauge is a float): they are for alerting and graphs, never accounting.
 */

/** The longest a scrape waits for any one database or chain read (Prometheus' own default is 10 s). */
export const SAMPLE_TIMEOUT_MS = 2_000;

/**
 * The business figures of `app`, for installMetrics (lib/metrics.ts) to serve at /metrics.
 * `ledgerCheckMs`: how long a ledger check result is served before a scrape runs the check again.
 * `jobsBehind`: how many periods each period job is behind (jobs/catch-up.ts, which this module
 * may not import: app.ts hands it over).
 */
export function businessFigures(
  app: FastifyInstance,
  ledgerCheckMs: number,
  jobsBehind?: BusinessMetricsSources['jobsBehind'],
) {
  return (registry: Registry) =>
    registerBusinessMetrics(registry, {
      db: app.db,
      database: app.database,
      clock: app.clock,
      chain: app.chain,
      log: app.log,
      ledgerCheckMs,
      sampleTimeoutMs: SAMPLE_TIMEOUT_MS,
      jobsBehind,
    });
}

export type BusinessMetricsSources = {
  db: Db;
  database: Pick<Database, 'poolStats'>;
  clock: Clock;
  chain: Chain | null;
  log: FastifyBaseLogger;
  /** How long a ledger check result is served before a scrape runs the check again. */
  ledgerCheckMs: number;
  /** The longest a scrape waits for any one read. */
  sampleTimeoutMs: number;
  /** Periods each period job is behind at `now`, by job name; left out, the gauge is absent. */
  jobsBehind?: ((now: Date) => Promise<Map<string, number>>) | undefined;
};

/** Registers every business gauge on `registry`. */
export function registerBusinessMetrics(registry: Registry, sources: BusinessMetricsSources) {
  const failures = new Counter({
    name: 'minecloud_metrics_sample_failures_total',
    help: 'Reads behind /metrics that failed (error) or outlasted the scrape time box (timeout), by sample',
    labelNames: ['sample', 'reason'] as const,
    registers: [registry],
    // Collected with the gauges, at once: wait for this scrape's reads, so their timeouts are in.
    async collect() {
      await Promise.all(Object.values(samples).map((sampled) => sampled.get()));
    },
  });
  const samples: Record<string, Sampler<unknown>> = {};
  const sample = <T>(name: string, maxAgeMs: number, read: () => Promise<T>): Sampler<T> => {
    const made = sampler(read, { name, maxAgeMs, timeoutMs: sources.sampleTimeoutMs, failures, log: sources.log });
    samples[name] = made as Sampler<unknown>;
    return made;
  };

  registerLedger(
    registry,
    // From the newest checkpoint: a scrape's read stays within its time box however long the history.
    sample('ledger', sources.ledgerCheckMs, () => checkLedgerSinceCheckpoint(sources.db)),
  );
  registerJobs(
    registry,
    sample('jobs', 1_000, async () => ({
      successes: await lastJobSuccesses(sources.db),
      behind: (await sources.jobsBehind?.(sources.clock.now())) ?? new Map<string, number>(),
      waiting: await oldestWaits(sources.db),
    })),
    sources.clock,
  );
  registerWithdrawals(
    registry,
    sample('withdrawals', 1_000, () => openWithdrawals(sources.db)),
    sources.clock,
  );
  registerSolvency(
    registry,
    sample('solvency', 10_000, () => solvencyFigures(sources.db)),
  );
  if (sources.chain?.hotWallet) {
    const chain = sources.chain;
    registerPayoutWallet(
      registry,
      sample('payout_wallet', 15_000, () => payoutWallet(sources.db, chain)),
    );
  }
  registerPool(registry, sources.database);

  new Gauge({
    name: 'minecloud_metrics_sample_age_seconds',
    help: 'Age of the value each sample serves (a failing or slow read makes it grow)',
    labelNames: ['sample'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [name, sampled] of Object.entries(samples)) {
        const value = await sampled.get();
        if (value) this.set({ sample: name }, (Date.now() - value.at) / 1000);
      }
    },
  });
}
function registerLedger(registry: Registry, ledger: Sampler<LedgerCheck>) {
  const known = async <T>(figure: (check: LedgerCheck, at: number) => T) => {
    const last = await ledger.get();
    return last ? figure(last.value, last.at) : null;
  };
  new OptionalGauge(
    registry,
    'minecloud_ledger_invariant_ok',
    'Whether the last ledger check held (1) or not (0): every asset sums to zero, every balance equals its transfers',
    () => known((check) => (check.ok ? 1 : 0)),
  );
  new Gauge({
    name: 'minecloud_ledger_imbalance',
    help: 'Sum of all balances per asset at the last ledger check, in whole units (0 when the ledger holds)',
    labelNames: ['asset'] as const,
    registers: [registry],
    async collect() {
      const last = await ledger.get();
      this.reset();
      for (const { asset, sum } of last?.value.assets ?? []) this.set({ asset }, Number(sum));
    },
  });
  new OptionalGauge(
    registry,
    'minecloud_ledger_mismatched_accounts',
    'Member accounts whose balance differs from the sum of their transfers at the last check (at most 100 counted)',
    () => known((check) => check.mismatches.length),
  );
  new OptionalGauge(
    registry,
    'minecloud_ledger_unbalanced_entries',
    'Journal entries whose legs do not sum to zero in an asset at the last check (at most 100 counted)',
    () => known((check) => check.unbalancedEntries.length),
  );
  new OptionalGauge(
    registry,
    'minecloud_ledger_check_age_seconds',
    'Seconds since the ledger check shown by minecloud_ledger_invariant_ok ran',
    () => known((_check, at) => (Date.now() - at) / 1000),
  );
}

/** Epoch seconds of each job's last finished period, from the database (any process's run). */
async function lastJobSuccesses(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ job: string; at: number | string }>(
    db,
    sql`select job, extract(epoch from max(finished_at))::float8 as at
        from job_runs where finished_at is not null group by job`,
  );
  return new Map(rows.map((r) => [r.job, Number(r.at)]));
}

/** When each job's oldest waiting period (job_waits: jobs/runner.ts, waitFor) started to wait, in seconds. */
async function oldestWaits(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ job: string; since: number | string }>(
    db,
    sql`select job, extract(epoch from min(since))::float8 as since from job_waits group by job`,
  );
  return new Map(rows.map((r) => [r.job, Number(r.since)]));
}

function registerJobs(
  registry: Registry,
  stored: Sampler<{ successes: Map<string, number>; behind: Map<string, number>; waiting: Map<string, number> }>,
  clock: Clock,
) {
  new Gauge({
    name: 'minecloud_job_waiting_seconds',
    help: 'How long each job has waited for what a period needs from outside (a network day the chain has not completed, a node that does not answer); 0 when it waits for nothing',
    labelNames: ['job_name'] as const,
    registers: [registry],
    async collect() {
      const value = (await stored.get())?.value;
      const waiting = value?.waiting ?? new Map<string, number>();
      const now = clock.now().getTime() / 1000;
      this.reset();
      // Every job the database knows of, so that a rule sees 0 rather than no series.
      const jobs = new Set([...(value?.behind.keys() ?? []), ...(value?.successes.keys() ?? []), ...waiting.keys()]);
      for (const job of jobs) {
        const since = waiting.get(job);
        this.set({ job_name: job }, since === undefined ? 0 : Math.max(0, Math.round(now - since)));
      }
    },
  });
  new Gauge({
    name: 'minecloud_job_last_success_timestamp_seconds',
    help: 'When each job last did its work: the later of its last finished period in the database and the last success seen by this process',
    labelNames: ['job_name'] as const,
    registers: [registry],
    async collect() {
      const fromDatabase = (await stored.get())?.value.successes ?? new Map<string, number>();
      const latest = new Map(fromDatabase);
      for (const [name, seen] of jobActivity()) {
        if (seen.lastSuccessAt !== null) latest.set(name, Math.max(seen.lastSuccessAt, latest.get(name) ?? 0));
      }
      this.reset();
      for (const [name, at] of latest) this.set({ job_name: name }, at);
    },
  });
  new Gauge({
    name: 'minecloud_job_days_behind',
    help: 'Periods (days) each daily job has due and not run: a failed run, or days without a jobs process; 0 when up to date',
    labelNames: ['job_name'] as const,
    registers: [registry],
    async collect() {
      const behind = (await stored.get())?.value.behind ?? new Map<string, number>();
      this.reset();
      for (const [name, days] of behind) this.set({ job_name: name }, days);
    },
  });
  new Gauge({
    name: 'minecloud_job_last_duration_seconds',
    help: 'Wall-clock duration of the last run of each job in this process that worked or failed',
    labelNames: ['job_name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, seen] of jobActivity()) {
        if (seen.lastDurationSeconds !== null) this.set({ job_name: name }, seen.lastDurationSeconds);
      }
    },
  });
  new Counter({
    name: 'minecloud_job_failures_total',
    help: 'Runs of each job that failed in this process since it started',
    labelNames: ['job_name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, seen] of jobActivity()) this.inc({ job_name: name }, seen.failures);
    },
  });
}
function registerPool(registry: Registry, database: Pick<Database, 'poolStats'>) {
  new Gauge({
    name: 'minecloud_db_pool_connections',
    help: 'Database connections of this process: open, and idle among them (PGlite: one, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.reset();
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'minecloud_db_pool_waiting_clients',
    help: 'Queries of this process waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'minecloud_db_pool_max_connections',
    help: 'The most connections this process opens (DATABASE_POOL_MAX; 1 on PGlite)',
    registers: [registry],
    collect() {
      this.set(database.poolStats().max);
    },
  });
}
