import { type Asset, formatAmount } from '@minecloud/contract/amount';
import { WITHDRAW_ASSETS, type WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { erc20Abi, formatUnits } from 'viem';
import type { Database, Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { checkLedger, type LedgerCheck } from '../ledger/check.ts';
import type { Chain } from '../modules/wallet/chain.ts';
import type { Clock } from './clock.ts';
import { jobActivity } from './job-metrics.ts';

/**
 * The figures an operator alerts on, read when Prometheus scrapes (prom-client `collect`): the
 * ledger invariant, jobs, the withdrawal queue, the payout wallet and the database pool. Each
 * database or chain read is a `sampler`: bounded in time, shared by the gauges it feeds, and kept
 * for a while, so a slow database or RPC can neither hang a scrape nor be hit by a pile of them.
 *
 * Amounts are floats here (a gauge is a float): they are for alerting and graphs, never accounting.
 */

/** Withdrawals still moving: every status but the two final ones. */
const FINAL_WITHDRAWAL_STATUSES = ['arrived', 'rejected'] as const;
/** Statuses always reported (zero when empty), so a graph or an alert never meets a missing series. */
const OPEN_WITHDRAWAL_STATUSES = [
  'review',
  'second_review',
  'approved',
  'paying',
  'payout_failed',
  'payout_unclear',
] as const;

/** Ledger units as a float of whole units of the asset, through the exact decimal text. */
export function unitsAsNumber(units: bigint, asset: Asset): number {
  return Number(formatAmount(units, asset));
}

/** A token's smallest units as a float of whole tokens. */
export function chainUnitsAsNumber(value: bigint, decimals: number): number {
  return Number(formatUnits(value, decimals));
}

/**
 * A gauge without labels that is absent, not 0, while its figure is unknown (never read, or the
 * read late): prom-client would show 0, and `minecloud_ledger_invariant_ok 0` means "broken".
 */
class OptionalGauge extends Gauge {
  readonly #read: () => Promise<number | null>;
  constructor(registry: Registry, name: string, help: string, read: () => Promise<number | null>) {
    super({ name, help, registers: [registry] });
    this.#read = read;
  }
  override async get() {
    const value = await this.#read();
    this.reset();
    if (value !== null) this.set(value);
    const metric = await super.get();
    return value === null ? { ...metric, values: [] } : metric;
  }
}

export type Sample<T> = { value: T; at: number };

export type Sampler<T> = {
  /** The latest value read, refreshed when older than `maxAgeMs`; null if none was ever read. */
  get(): Promise<Sample<T> | null>;
};

type SamplerOptions = {
  name: string;
  /** A value younger than this is served without reading again. */
  maxAgeMs: number;
  /** The longest a scrape waits for a read; the read goes on and serves later scrapes. */
  timeoutMs: number;
  failures: Counter<'sample' | 'reason'>;
  log: FastifyBaseLogger;
};

/**
 * A figure read at most every `maxAgeMs`, one read at a time, never awaited beyond `timeoutMs`:
 * when a read fails or is late, the last value is served (its age is a metric of its own).
 */
export function sampler<T>(read: () => Promise<T>, options: SamplerOptions): Sampler<T> {
  let last: Sample<T> | null = null;
  /** The read under way, and whether a scrape already gave up on it (counted once per read). */
  let reading: { done: Promise<void>; late: boolean } | null = null;
  const refresh = () =>
    read().then(
      (value) => {
        last = { value, at: Date.now() };
      },
      (error: unknown) => {
        options.failures.inc({ sample: options.name, reason: 'error' });
        options.log.warn({ err: error, sample: options.name }, 'metrics sample failed');
      },
    );
  return {
    async get() {
      if (last && Date.now() - last.at < options.maxAgeMs) return last;
      if (!reading) {
        const current = { done: refresh().finally(() => (reading = null)), late: false };
        reading = current;
      }
      const current = reading;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.timeoutMs);
        timer.unref();
      });
      const outcome = await Promise.race([current.done.then(() => 'read' as const), late]);
      clearTimeout(timer);
      if (outcome === 'late' && !current.late) {
        current.late = true;
        options.failures.inc({ sample: options.name, reason: 'timeout' });
      }
      return last;
    },
  };
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
    sample('ledger', sources.ledgerCheckMs, () => checkLedger(sources.db)),
  );
  registerJobs(
    registry,
    sample('jobs', 1_000, () => lastJobSuccesses(sources.db)),
  );
  registerWithdrawals(
    registry,
    sample('withdrawals', 1_000, () => openWithdrawals(sources.db)),
    sources.clock,
  );
  if (sources.chain?.payer) {
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

function registerJobs(registry: Registry, stored: Sampler<Map<string, number>>) {
  new Gauge({
    name: 'minecloud_job_last_success_timestamp_seconds',
    help: 'When each job last did its work: the later of its last finished period in the database and the last success seen by this process',
    labelNames: ['job_name'] as const,
    registers: [registry],
    async collect() {
      const fromDatabase = (await stored.get())?.value ?? new Map<string, number>();
      const latest = new Map(fromDatabase);
      for (const [name, seen] of jobActivity()) {
        if (seen.lastSuccessAt !== null) latest.set(name, Math.max(seen.lastSuccessAt, latest.get(name) ?? 0));
      }
      this.reset();
      for (const [name, at] of latest) this.set({ job_name: name }, at);
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

type OpenWithdrawal = { status: string; asset: WithdrawAsset; count: number; amount: bigint; oldestAt: number };

/** Count, sum and oldest creation of the withdrawals not yet final, by status and asset. */
async function openWithdrawals(db: Db): Promise<OpenWithdrawal[]> {
  const rows = await queryRows<{ status: string; asset: WithdrawAsset; n: number; amount: string; oldest: number }>(
    db,
    sql`select status, asset, count(*)::int as n, sum(amount)::text as amount,
          extract(epoch from min(created_at))::float8 as oldest
        from withdrawals
        where status not in (${sql.join(
          FINAL_WITHDRAWAL_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        group by status, asset`,
  );
  return rows.map((r) => ({
    status: r.status,
    asset: r.asset,
    count: Number(r.n),
    amount: BigInt(r.amount),
    oldestAt: Number(r.oldest),
  }));
}

function registerWithdrawals(registry: Registry, open: Sampler<OpenWithdrawal[]>, clock: Clock) {
  /** Every open status × asset, zero where there is none, plus any other status found. */
  const series = async () => {
    const rows = (await open.get())?.value ?? [];
    const all = new Map<string, OpenWithdrawal>();
    for (const status of OPEN_WITHDRAWAL_STATUSES) {
      for (const asset of WITHDRAW_ASSETS) all.set(`${status}/${asset}`, zeroRow(status, asset));
    }
    for (const row of rows) all.set(`${row.status}/${row.asset}`, row);
    return [...all.values()];
  };
  new Gauge({
    name: 'minecloud_withdrawals_open',
    help: 'Withdrawals not yet arrived or rejected, by status and asset',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      this.reset();
      for (const r of rows) this.set({ status: r.status, asset: r.asset }, r.count);
    },
  });
  new Gauge({
    name: 'minecloud_withdrawals_open_amount',
    help: 'Sum requested (fee included) of the open withdrawals, by status and asset, in whole units',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      this.reset();
      for (const r of rows) this.set({ status: r.status, asset: r.asset }, unitsAsNumber(r.amount, r.asset));
    },
  });
  new Gauge({
    name: 'minecloud_withdrawals_oldest_age_seconds',
    help: 'Age of the oldest open withdrawal, by status and asset (0 when there is none)',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      const now = clock.now().getTime() / 1000;
      this.reset();
      for (const r of rows) {
        this.set({ status: r.status, asset: r.asset }, r.count > 0 ? Math.max(0, now - r.oldestAt) : 0);
      }
    },
  });
}

function zeroRow(status: string, asset: WithdrawAsset): OpenWithdrawal {
  return { status, asset, count: 0, amount: 0n, oldestAt: 0 };
}

type PayoutWallet = {
  gas: number;
  tokens: { asset: WithdrawAsset; balance: number }[];
  nonce: { latest: number; pending: number; stored: number | null };
};

/** The hot wallet as the chain and the database see it: balances, and nonces mined, sent and handed out. */
async function payoutWallet(db: Db, chain: Chain): Promise<PayoutWallet> {
  const address = (chain.payer as NonNullable<Chain['payer']>).address;
  const tokenBalance = async ([asset, token]: [string, `0x${string}`]) => {
    const [value, decimals] = await Promise.all([
      chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      chain.decimals(asset as WithdrawAsset),
    ]);
    return { asset: asset as WithdrawAsset, balance: chainUnitsAsNumber(value, decimals) };
  };
  const [gas, latest, pending, stored, tokens] = await Promise.all([
    chain.client.getBalance({ address }),
    chain.client.getTransactionCount({ address, blockTag: 'latest' }),
    chain.client.getTransactionCount({ address, blockTag: 'pending' }),
    queryRows<{ next_nonce: string }>(
      db,
      sql`select next_nonce::text from payout_wallets where chain_id = ${chain.id} and address = ${address.toLowerCase()}`,
    ),
    Promise.all((Object.entries(chain.tokens) as [string, `0x${string}`][]).map(tokenBalance)),
  ]);
  const next = stored[0]?.next_nonce;
  return {
    gas: chainUnitsAsNumber(gas, 18),
    tokens,
    nonce: { latest, pending, stored: next === undefined ? null : Number(next) },
  };
}

function registerPayoutWallet(registry: Registry, wallet: Sampler<PayoutWallet>) {
  new Gauge({
    name: 'minecloud_payout_wallet_balance',
    help: "The payout wallet's token balance per asset, read from the chain, in whole tokens",
    labelNames: ['asset'] as const,
    registers: [registry],
    async collect() {
      const last = await wallet.get();
      this.reset();
      for (const { asset, balance } of last?.value.tokens ?? []) this.set({ asset }, balance);
    },
  });
  new OptionalGauge(
    registry,
    'minecloud_payout_wallet_gas_balance',
    "The payout wallet's native (gas) balance, in whole coins",
    async () => (await wallet.get())?.value.gas ?? null,
  );
  new Gauge({
    name: 'minecloud_payout_wallet_nonce',
    help: 'Nonces of the payout wallet: mined (latest), known to the node (pending), next handed out (stored)',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const last = await wallet.get();
      this.reset();
      if (!last) return;
      const { latest, pending, stored } = last.value.nonce;
      this.set({ source: 'latest' }, latest);
      this.set({ source: 'pending' }, pending);
      if (stored !== null) this.set({ source: 'stored' }, stored);
    },
  });
  new OptionalGauge(
    registry,
    'minecloud_payout_nonce_lag',
    'Payout transactions signed or sent but not mined: max(pending, stored) nonce minus the latest',
    async () => {
      const nonce = (await wallet.get())?.value.nonce;
      return nonce ? Math.max(0, Math.max(nonce.pending, nonce.stored ?? 0) - nonce.latest) : null;
    },
  );
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
