// Money writes: gifts/s through the real API on PostgreSQL, between 1,000 members over 32
// connections, as a ratio of pgbench TPC-B tps (scale 10, 16 clients) on the same machine, same run.
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { systemAccount, userAccount } from '../apps/api/src/ledger/accounts.ts';
import { checkLedger } from '../apps/api/src/ledger/check.ts';
import { post } from '../apps/api/src/ledger/journal.ts';
import {
  apiProcesses,
  benchMembers,
  cpuSnapshot,
  cpuSplit,
  describeCpu,
  dropDatabase,
  pgbenchTps,
  quick,
  record,
  roundRobin,
} from './lib.ts';

const MEMBERS = quick ? 100 : 1000;
const SECONDS = quick ? 3 : 15;
const WARMUP_SECONDS = quick ? 1 : 5;
const CONNECTIONS = 32;
// Gifts/s ≥ 0.8 × pgbench TPC-B tps: a member call costs about one TPC-B transaction of the primary.
const BUDGET = 0.8;
const name = 'minecloud_bench_gifts';

const tps = await pgbenchTps(SECONDS);

const { url, jwtSecret, database, ids, bearer } = await benchMembers(name, MEMBERS);
for (const id of ids) {
  await post(database.db, {
    asset: 'GOLD',
    from: systemAccount('adjustment'),
    to: userAccount(id),
    amount: 100_000_000n,
    kind: 'adjustment',
    idempotencyKey: `bench:fund:${id}`,
  });
}

// The deployment shape of docs/operations.md: stateless API processes (one per core) and a worker.
// Here PostgreSQL and the load generator run on the same cores, so the API gets one process per core
// that PostgreSQL does not need: on 2 cores one process made 2,004 gifts/s (1.12× pgbench) where two
// made 1,251/s, each switching with the other, PostgreSQL and autocannon for the same cores.
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? Math.max(1, availableParallelism() - 1));
const servers = await apiProcesses(url, jwtSecret, CONNECTIONS, PROCESSES);
/** The servers' counts of gift statements and the gifts they carried (their /metrics). */
async function movedTogether(urls: string[]) {
  const total = { statements: 0, calls: 0 };
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    total.statements += value('minecloud_member_transfer_statements_total');
    total.calls += value('minecloud_member_transfer_calls_total');
  }
  return total;
}

let rejected = 0;
const giftCount = async () =>
  Number(
    (await queryRows<{ n: string }>(database.db, sql`select count(*)::text as n from transfers where kind = 'gift'`))[0]
      ?.n,
  );
const load = (duration: number) =>
  autocannon({
    url: roundRobin(servers.map((s) => s.url)),
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/app-api/asset/send',
        setupRequest: (request) => {
          const from = Math.floor(Math.random() * ids.length);
          const to = (from + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: bearer[from]!,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ toUserId: String(ids[to]), asset: 'GOLD', amount: '0.01' }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"code":0')) rejected += 1;
        },
      },
    ],
  });
try {
  // Warm-up, not counted: the servers compile and optimise their hot paths under the first load.
  await load(WARMUP_SECONDS);
  const before = await giftCount();
  const cpuBefore = cpuSnapshot();
  const result = await load(SECONDS);
  const cpu = cpuSplit(cpuBefore, cpuSnapshot(), {
    'API processes': servers.map((s) => s.pid),
    worker: [servers.worker.pid],
  });
  const done = (await giftCount()) - before;
  const together = await movedTogether(servers.map((server) => server.url));
  const perSecond = done / SECONDS;
  const ledger = await checkLedger(database.db);
  console.log(
    `\nmoney writes (asset/send on PostgreSQL, ${PROCESSES} API processes, ${MEMBERS} members, ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up)`,
  );
  console.log(`  pgbench TPC-B (scale ${quick ? 1 : 10}, 16 clients): ${tps.toFixed(0)} tps`);
  console.log(
    `  gifts committed: ${done} (${perSecond.toFixed(0)}/s), refused or failed: ${rejected}, p99 latency ${result.latency.p99} ms`,
  );
  console.log(`  ${describeCpu(cpu, perSecond)}`);
  console.log(
    `  gifts per statement (warm-up included, /metrics): ${(together.calls / together.statements).toFixed(1)} (${together.statements} statements)`,
  );
  console.log(`  ledger after the run: ${ledger.ok ? 'balanced' : 'NOT BALANCED'}`);
  console.log(
    `  ratio gifts/s ÷ pgbench tps = ${(perSecond / tps).toFixed(2)} (budget ≥ ${BUDGET})${quick ? ' [quick run: not a measurement]' : ''}`,
  );
  const ratio = perSecond / tps;
  record({
    bench: 'gifts',
    metric: 'pgbench TPC-B tps (baseline)',
    value: tps,
    digits: 0,
    unit: 'tps',
    budget: '',
    pass: null,
  });
  record({
    bench: 'gifts',
    metric: 'asset/send committed/s',
    value: perSecond,
    digits: 0,
    unit: '/s',
    budget: '',
    pass: null,
  });
  record({
    bench: 'gifts',
    metric: 'asset/send p99 latency',
    value: result.latency.p99,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'gifts',
    metric: 'gifts/s ÷ pgbench tps',
    value: ratio,
    digits: 2,
    unit: '',
    budget: `≥ ${BUDGET}`,
    pass: ratio >= BUDGET,
  });
  record({
    bench: 'gifts',
    metric: 'gifts refused or failed',
    value: rejected,
    unit: '',
    budget: '= 0',
    pass: rejected === 0,
    correctness: true,
  });
  record({
    bench: 'gifts',
    metric: 'ledger after the run',
    value: ledger.ok ? 'balanced' : 'NOT BALANCED',
    unit: '',
    budget: 'balanced',
    pass: ledger.ok,
    correctness: true,
  });
} finally {
  await servers.stopAll();
  await database.close();
  await dropDatabase(name);
}
