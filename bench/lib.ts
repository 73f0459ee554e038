import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { ensureSystemAccounts } from '../apps/api/src/ledger/journal.ts';
import { createTokenService, memberTokenKey } from '../apps/api/src/modules/auth/tokens.ts';
import { freePort } from '../apps/api/test/net.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const quick = process.argv.includes('--quick');
export const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops and creates a database for one benchmark. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(name);
}

export async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`).finally(() => admin.end());
}

/** pgbench TPC-B (scale 10, 16 clients) on this machine now: the baseline for money writes. */
export async function pgbenchTps(seconds: number): Promise<number> {
  const name = 'minecloud_bench_pgbench';
  const url = await freshDatabase(name);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', quick ? '1' : '10', url], { stdio: 'ignore' });
    // Its CPU is read inside the run (from its first second to its last): its connections' backends
    // end with it.
    const run = spawn('pgbench', ['-n', '-c', '16', '-j', '2', '-T', String(seconds), url], { stdio: 'pipe' });
    let out = '';
    run.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const exited = new Promise((resolve) => run.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = cpuSnapshot();
    await new Promise((resolve) => setTimeout(resolve, (seconds - 2) * 1000));
    const cpu = cpuSplit(before, cpuSnapshot(), { pgbench: [run.pid as number] });
    await exited;
    const match = /tps = ([\d.]+)/.exec(out);
    if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
    const tps = Number(match[1]);
    console.log(`pgbench: ${tps.toFixed(0)} tps; ${describeCpu(cpu, tps)}`);
    return tps;
  } finally {
    await dropDatabase(name);
  }
}

/** Starts the real server on 127.0.0.1 and waits until it is ready. */
/** The environment a bench's API process runs with: `env` over the bench's defaults. */
export function serverEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env };
}

/** The path of the reads bench's floor route (bench/floor-server.ts), under the member API's base. */
export const FLOOR_PATH = `${API_BASE.main}bench/floor`;

export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      env: serverEnvironment({ PORT: String(port), ...env }),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server not ready after 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** CPU time (clock ticks) of every process now, and of the whole machine (busy and all). */
type CpuSnapshot = { processes: Map<number, { command: string; ticks: number }>; busy: number; all: number };

/**
 * The command and CPU clock ticks (user and system) of a process or thread, from its `stat` file
 * under /proc (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`); null once it is gone.
 */
export function procTicks(statFile: string): { command: string; ticks: number } | null {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { command, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, { command: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Null: gone since the listing.
    const own = procTicks(`/proc/${entry}/stat`);
    if (own) processes.set(Number(entry), own);
  }
  const [user, nice, system, idle, iowait, ...rest] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[];
  const busy = user! + nice! + system! + rest.reduce((a, b) => a + b, 0);
  return { processes, busy, all: busy + idle! + iowait! };
}

/**
 * Where the machine's CPU went between two snapshots, in cores (1.0 = one core busy all the time):
 * the named processes (by pid), PostgreSQL's processes, this process, and everything else. Linux only.
 */
export function cpuSplit(before: CpuSnapshot, after: CpuSnapshot, named: Record<string, number[]>) {
  const cores = (after.all - before.all) / availableParallelism();
  const share = (ticks: number) => (cores > 0 ? ticks / cores : 0);
  const used = (pid: number) => (after.processes.get(pid)?.ticks ?? 0) - (before.processes.get(pid)?.ticks ?? 0);
  const split: Record<string, number> = {};
  const counted = new Set<number>();
  for (const [name, pids] of Object.entries(named)) {
    split[name] = share(pids.reduce((sum, pid) => sum + used(pid), 0));
    for (const pid of pids) counted.add(pid);
  }
  let postgres = 0;
  for (const [pid, { command }] of after.processes) {
    if (command === 'postgres' && !counted.has(pid)) {
      postgres += used(pid);
      counted.add(pid);
    }
  }
  split.postgres = share(postgres);
  split['this process'] = share(used(process.pid));
  counted.add(process.pid);
  split['machine busy'] = share(after.busy - before.busy);
  return split;
}

/** A CPU split in cores, and in µs of CPU per operation at `perSecond` operations a second. */
export function describeCpu(split: Record<string, number>, perSecond: number): string {
  return `CPU in cores (µs per operation): ${Object.entries(split)
    .map(([name, cores]) => `${name} ${cores.toFixed(2)} (${((cores * 1e6) / perSecond).toFixed(0)})`)
    .join(', ')}`;
}

/** The p-th percentile (0–100) of some measurements. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** autocannon 8 spreads the load over several URLs in turn; @types/autocannon (7.x) only knows one. */
export function roundRobin(urls: string[]): string {
  return urls as unknown as string;
}

/**
 * One figure of a benchmark, for the table `npm run bench` prints at the end and for its JSON.
 * `pass` is null for information only (a baseline such as pgbench tps). A `correctness` row (the
 * ledger balances, no request failed) counts in --quick runs too; every other row of a quick run is
 * shown as "quick": small sizes on a CI machine are not a measurement.
 */
export type Row = {
  bench: string;
  metric: string;
  value: number | string;
  unit: string;
  /** Decimals the figure is rounded to (in the JSON too) and shown with: no bench figure means more. */
  digits?: number;
  /** The budget, as the results table prints it: "≥ 0.5", "< 50 ms", "balanced"; empty for information only. */
  budget: string;
  pass: boolean | null;
  correctness?: boolean;
  detail?: string;
};

/**
 * Appends a row (one JSON line) to the file named by BENCH_RESULTS, which bench/run.mjs sets; run
 * alone, a bench only prints. A failing row that counts makes the process exit non-zero, so that a
 * bench run by hand still says whether it passed.
 */
export function record(row: Row): void {
  if (row.pass === false && (row.correctness || !quick)) process.exitCode = 1;
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  const value =
    typeof row.value === 'number' && row.digits !== undefined ? Number(row.value.toFixed(row.digits)) : row.value;
  appendFileSync(file, `${JSON.stringify({ ...row, value })}\n`);
}

/**
 * The member app as `npm run build -w apps/web` builds it, plus Vite's manifest (the chunk graph
 * the page-weight bench reads), in .tmp/bench/web. The production build gets no manifest: the server
 * serves dot-directories of its WEB_DIST (@fastify/static allows dotfiles), and the chunk graph
 * need not be public. Built
 * once per `npm run bench` (BENCH_RUN_ID, set by run.mjs), every time when a bench is run alone.
 */
export function buildWeb(options: { sourcemap?: boolean } = {}): string {
  if (options.sourcemap) {
    // Source maps beside the chunks, for bench/trace.ts to name minified functions: a build of its own.
    const outDir = path.join(root, '.tmp/bench/web-sourcemap');
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const args = [vite, 'build', '--logLevel', 'warn', '--sourcemap', '--outDir', outDir, '--emptyOutDir'];
    const result = spawnSync(process.execPath, args, { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`vite build exited with ${result.status}`);
    return outDir;
  }
  const outDir = path.join(root, '.tmp/bench/web');
  const stamp = path.join(root, '.tmp/bench/web.stamp');
  const runId = process.env.BENCH_RUN_ID;
  if (runId && existsSync(stamp) && readFileSync(stamp, 'utf8') === runId) return outDir;
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--manifest', '--outDir', outDir, '--emptyOutDir'],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status}`);
  if (runId) writeFileSync(stamp, runId);
  return outDir;
}

/** A fresh database `name`, migrated, with the system accounts, and a small pool of this process's. */
export async function migratedDatabase(name: string) {
  const url = await freshDatabase(name);
  const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
  await database.migrate();
  await ensureSystemAccounts(database.db);
  return { url, database };
}

/**
 * The deployment shape of docs/operations.md, section 1: stateless API processes (one per core) and
 * one worker (jobs and the stream relay) on one PostgreSQL database, `connections` connections in
 * all for the API processes, money calls not rate-limited. The worker's pid is `worker.pid`, for
 * its CPU; `stop` stops them all.
 */
export async function apiProcesses(url: string, jwtSecret: string, connections: number, processes: number) {
  const env = {
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
    DEMO: '0',
  };
  const [worker, ...servers] = await Promise.all([
    startServer({ ...env, MODE: 'worker', DATABASE_POOL_MAX: '4' }),
    ...Array.from({ length: processes }, () =>
      startServer({ ...env, MODE: 'api', DATABASE_POOL_MAX: String(Math.ceil(connections / processes)) }),
    ),
  ]);
  return Object.assign(servers, {
    worker: worker!,
    stopAll: () => Promise.all([worker!, ...servers].map((server) => server.stop())),
  });
}

/** The ledger check after a run, as a correctness row of `bench` (`prefix` starts its name). */
export function recordLedger(bench: string, ledger: { ok: boolean }, prefix = '') {
  record({
    bench,
    metric: `${prefix}ledger after the run`,
    value: ledger.ok ? 'balanced' : 'NOT BALANCED',
    unit: '',
    budget: 'balanced',
    pass: ledger.ok,
    correctness: true,
  });
}

/**
 * A fresh, migrated database with `count` members straight in the users table, each with a session
 * token signed by a new JWT secret (for the servers to share): the set-up of the HTTP benches.
 */
export async function benchMembers(name: string, count: number) {
  const { url, database } = await migratedDatabase(name);
  const jwtSecret = randomBytes(32).toString('hex');
  const users = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (address) select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${count}) g returning id`,
  );
  const ids = users.map((u) => Number(u.id));
  const tokens = createTokenService(database.db as Db, memberTokenKey(jwtSecret), 3600);
  const bearer: string[] = [];
  for (const id of ids) bearer.push(`Bearer ${(await tokens.issue(id)).token}`);
  return { url, jwtSecret, database, ids, bearer };
}

/**
 * Members with miners for a settlement bench, set-based: `members` members, one product, one order of
 * `perMember` units each, then each order's miners (at most `miners`), bought 10 days before
 * `dayStart` and mining past `dayEnd`, except one in `endingEvery` (if given) that ends with the day.
 */
export async function seedMiners(
  db: Db,
  options: { members: number; perMember: number; miners?: number; dayStart: Date; dayEnd: Date; endingEvery?: number },
) {
  const { members, perMember, dayStart, dayEnd } = options;
  const end = dayEnd.toISOString();
  await db.execute(
    sql`insert into users (address) select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${members}) g`,
  );
  await db.execute(
    sql`insert into miner_products (name, image, hash_rate, price, duration_days)
        values ('Bench miner', '/miners/s19.svg', 100000000, 100000000, 30)`,
  );
  await db.execute(
    sql`insert into miner_orders (user_id, product_id, quantity, unit_price, paid, hash_rate, burned, transfer_id, created_at)
        select u.id, p.id, ${perMember}, 100000000, 100000000 * ${perMember}, 95000000 * ${perMember},
          5000000 * ${perMember}, 0, ${dayStart.toISOString()}::timestamptz - interval '10 days'
        from users u cross join (select id from miner_products limit 1) p`,
  );
  const ending = options.endingEvery
    ? sql`case when (o.id + g) % ${options.endingEvery} = 0 then ${end}::timestamptz
               else ${end}::timestamptz + interval '10 days' end`
    : sql`${end}::timestamptz + interval '10 days'`;
  await db.execute(
    sql`insert into miners (user_id, order_id, product_id, hash_rate, status, start_at, end_at)
        select o.user_id, o.id, o.product_id, 95000000, 'mining', o.created_at, ${ending}
        from miner_orders o cross join generate_series(1, ${perMember}) g
        limit ${options.miners ?? members * perMember}`,
  );
}
