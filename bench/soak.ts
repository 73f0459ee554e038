// Soak: steady mixed member load (purchases, gifts, withdrawals, claims, reads) through a
// round-robin proxy in front of two API processes on PostgreSQL, for 10 minutes (SOAK_SECONDS), in
// windows of 30 s. Memory and latency must stay flat: the last window against the first one after
// warm-up. Afterwards every success must be in the books once and the ledger balanced. Full runs
// only (a quick run is not 10 minutes).
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { checkLedger } from '../apps/api/src/ledger/check.ts';
import { auditBooks, mixedLoad, type Op, seedMembers } from '../apps/api/test/cluster/load.ts';
import { apiProcess } from '../apps/api/test/cluster/processes.ts';
import { roundRobinProxy } from '../apps/api/test/cluster/proxy.ts';
import { dropDatabase, freshDatabase, percentile, quick, record } from './lib.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? (quick ? 40 : 600));
const WINDOW_SECONDS = Math.min(30, SECONDS / 4);
const MEMBERS = 200;
const WORKERS = 8;
/** Flat: the last window's p99 within 1.5× the first's, memory within 1.25× (budgets of this bench). */
const LATENCY_GROWTH = 1.5;
const MEMORY_GROWTH = 1.25;

type Window = { p50: number; p99: number; calls: number; rssMb: number[]; heapMb: number[] };

/** Resident and V8 heap memory of a process, from its own /metrics (prom-client's defaults). */
async function memoryOf(url: string): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rss: metric('process_resident_memory_bytes') / 2 ** 20,
    heap: metric('nodejs_heap_size_used_bytes') / 2 ** 20,
  };
}

const name = 'minecloud_bench_soak';
const url = await freshDatabase(name);
const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
await database.migrate();
const jwtSecret = randomBytes(32).toString('hex');
const seed = await seedMembers(database.db, jwtSecret, MEMBERS);
const env = {
  DATABASE_URL: url,
  JWT_SECRET: jwtSecret,
  MODE: 'all',
  DATABASE_POOL_MAX: '8',
  RATE_LIMIT_MONEY_PER_MINUTE: '1000000',
};
const processes = await Promise.all([apiProcess('a', env), apiProcess('b', env)]);
const proxy = await roundRobinProxy(processes.map((p) => p.url));
const ops: Op[] = [];
const windows: Window[] = [];
let failed = 0;
try {
  console.log(
    `\nsoak: ${SECONDS} s of mixed load, ${WORKERS} workers, ${MEMBERS} members, 2 API processes on PostgreSQL`,
  );
  const began = Date.now();
  while (Date.now() - began < SECONDS * 1000) {
    const stopAt = Date.now() + WINDOW_SECONDS * 1000;
    const report = await mixedLoad(proxy.url, database.db, seed, {
      workers: WORKERS,
      until: () => Date.now() > stopAt,
    });
    ops.push(...report.ops);
    failed += report.reads.failed + report.ops.filter((op) => op.outcome !== 'ok').length;
    const memory = await Promise.all(processes.map((p) => memoryOf(p.url)));
    const window: Window = {
      p50: percentile(report.latenciesMs, 50),
      p99: percentile(report.latenciesMs, 99),
      calls: report.latenciesMs.length,
      rssMb: memory.map((m) => m.rss),
      heapMb: memory.map((m) => m.heap),
    };
    windows.push(window);
    console.log(
      `  ${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s: ${(window.calls / WINDOW_SECONDS).toFixed(0)} calls/s, ` +
        `p50 ${window.p50.toFixed(1)} ms, p99 ${window.p99.toFixed(1)} ms, ` +
        `RSS ${window.rssMb.map((m) => m.toFixed(0)).join(' / ')} MB, heap ${window.heapMb.map((m) => m.toFixed(0)).join(' / ')} MB`,
    );
  }
  // The first window warms up (JIT, pools, caches): "start" is the second.
  const start = windows[Math.min(1, windows.length - 1)] as Window;
  const end = windows.at(-1) as Window;
  const maxOf = (values: number[]) => Math.max(...values);
  const latencyGrowth = end.p99 / start.p99;
  const memoryGrowth = maxOf(end.rssMb.map((m, i) => m / (start.rssMb[i] as number)));
  record({
    bench: 'soak',
    metric: 'p50 at start / end',
    value: `${start.p50.toFixed(1)} / ${end.p50.toFixed(1)}`,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'soak',
    metric: 'p99 at start / end',
    value: `${start.p99.toFixed(1)} / ${end.p99.toFixed(1)}`,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'soak',
    metric: 'p99 end ÷ start',
    value: latencyGrowth,
    digits: 2,
    unit: '×',
    budget: `≤ ${LATENCY_GROWTH}`,
    pass: latencyGrowth <= LATENCY_GROWTH,
  });
  record({
    bench: 'soak',
    metric: 'RSS at start / end (per process)',
    value: `${start.rssMb.map((m) => m.toFixed(0)).join('+')} / ${end.rssMb.map((m) => m.toFixed(0)).join('+')}`,
    unit: 'MB',
    budget: '',
    pass: null,
  });
  record({
    bench: 'soak',
    metric: 'RSS end ÷ start (worst process)',
    value: memoryGrowth,
    digits: 2,
    unit: '×',
    budget: `≤ ${MEMORY_GROWTH}`,
    pass: memoryGrowth <= MEMORY_GROWTH,
  });
  const problems = await auditBooks(database.db, seed, ops);
  const ledger = await checkLedger(database.db);
  record({
    bench: 'soak',
    metric: `books after ${ops.length} money calls (${ops.filter((op) => op.outcome === 'ok').length} done)`,
    value: problems.length === 0 && ledger.ok ? 'balanced, each success once' : `${problems.length} problems`,
    unit: '',
    budget: 'balanced',
    pass: problems.length === 0 && ledger.ok,
    correctness: true,
    detail: problems.slice(0, 3).join('; '),
  });
  record({
    bench: 'soak',
    metric: 'calls refused or failed',
    value: failed,
    unit: '',
    budget: '0',
    pass: failed === 0,
    correctness: true,
  });
} finally {
  await proxy.close();
  await Promise.all(processes.map((p) => p.stop()));
  await database.close();
  await dropDatabase(name);
}
