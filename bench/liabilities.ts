// Proof of liabilities: building the day's trees for 1,000,000 members on PostgreSQL (all
// three assets: read every balance in one statement, salt and hash every leaf, sort, hash the levels,
// store the tiles and every member's leaf) must take under 30 s; a member's proof fetched through
// the server (API-only process, PostgreSQL) under 20 ms at p99. Every proof fetched is verified with
// the contract's verifier, and each published total must equal the members' balances.
import { randomBytes } from 'node:crypto';
import { verifyProof } from '@minecloud/contract/merkle-sum';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { liabilitiesJob } from '../apps/api/src/jobs/index.ts';
import { runJob } from '../apps/api/src/jobs/runner.ts';
import { ensureSystemAccounts } from '../apps/api/src/ledger/journal.ts';
import { addDays, startOfDay } from '../apps/api/src/lib/calendar.ts';
import { createTokenService, memberTokenKey } from '../apps/api/src/modules/auth/tokens.ts';
import { dropDatabase, freshDatabase, percentile, quick, record, startServer } from './lib.ts';

const MEMBERS = quick ? 20_000 : 1_000_000;
const FETCHES = quick ? 200 : 2_000;
const BUILD_BUDGET_S = 30;
const FETCH_BUDGET_MS = 20;
const DAY = '2026-11-20';
const TZ = 'Asia/Shanghai';
const name = 'minecloud_bench_liabilities';

console.log(`\nliabilities: the day's Merkle-sum trees for ${MEMBERS.toLocaleString('en')} members, and proof fetches`);
const url = await freshDatabase(name);
const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
try {
  await database.migrate();
  await ensureSystemAccounts(database.db);
  const db = database.db as Db;
  // Members with balances in every asset and kind, set-based: this bench measures the snapshot, not
  // how the balances came about (so no transfers are written, and the ledger check is not the point).
  await db.execute(
    sql`insert into users (address) select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${MEMBERS}) g`,
  );
  await db.execute(
    sql`insert into accounts (user_id, asset, kind, balance)
        select u.id, a.asset, k.kind, (u.id * 7919 + length(a.asset) * 104729 + length(k.kind)) % 100000000
        from users u
        cross join (values ('GOLD'), ('USDT'), ('BTC')) a(asset)
        cross join (values ('available'), ('earnings')) k(kind)
        where u.id % 3 <> 0 or a.asset = 'USDT'`,
  );
  const dayEnd = startOfDay(addDays(DAY, 1), TZ);
  await db.execute(
    sql`insert into job_runs (job, period, started_at, finished_at, trigger)
        values ('settlement', ${DAY}, ${dayEnd.toISOString()}, ${dayEnd.toISOString()}, 'bench'),
               ('pool', ${DAY}, ${dayEnd.toISOString()}, ${dayEnd.toISOString()}, 'bench')`,
  );
  await db.execute(sql`analyze`);
  await db.execute(sql`checkpoint`);

  const started = process.hrtime.bigint();
  const outcome = await runJob(db, liabilitiesJob, DAY, {
    now: new Date(dayEnd.getTime() + 120_000),
    trigger: 'bench',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!outcome.ran) throw new Error('the liabilities job did not run');
  console.log(`  three trees (GOLD, USDT, BTC), ${MEMBERS.toLocaleString('en')} leaves each: ${seconds.toFixed(1)} s`);
  record({
    bench: 'liabilities',
    metric: `trees for ${MEMBERS.toLocaleString('en')} members, 3 assets (read, hash, store)`,
    value: seconds,
    digits: 1,
    unit: 's',
    budget: `< ${BUILD_BUDGET_S} s`,
    pass: seconds < BUILD_BUDGET_S,
  });

  const totals = await queryRows<{ asset: string; published: string; held: string }>(
    db,
    sql`select s.asset, s.total::text as published,
          (select coalesce(sum(balance), 0) from accounts a where a.user_id is not null and a.asset = s.asset)::text as held
        from liability_snapshots s where s.day = ${DAY}::date order by s.asset`,
  );
  const equal = totals.length === 3 && totals.every((t) => t.published === t.held);
  console.log(`  published totals equal the members' balances: ${equal ? 'yes' : 'NO'}`);
  record({
    bench: 'liabilities',
    metric: 'published totals = members’ balances, to the unit',
    value: equal ? 'equal' : 'different',
    unit: '',
    budget: 'equal',
    pass: equal,
    correctness: true,
  });

  // Proofs through the server: an API-only process (no jobs), a JWT secret shared with the tokens.
  const jwtSecret = randomBytes(32).toString('hex');
  const tokens = createTokenService(db, memberTokenKey(jwtSecret), 3600);
  const bearer: string[] = [];
  const sampled = await queryRows<{ id: string }>(db, sql`select id::text from users order by random() limit 200`);
  for (const { id } of sampled) bearer.push(`Bearer ${(await tokens.issue(Number(id))).token}`);
  const server = await startServer({ DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api' });
  try {
    const assets = ['GOLD', 'USDT', 'BTC'];
    const latencies: number[] = [];
    let verified = 0;
    for (let i = 0; i < FETCHES + 50; i++) {
      const begin = performance.now();
      const res = await fetch(`${server.url}/app-api/transparency/liabilities/proof?asset=${assets[i % 3]}`, {
        headers: { authorization: bearer[i % bearer.length] as string },
      });
      const body = (await res.json()) as { code: number; data: { proof: Parameters<typeof verifyProof>[0] } };
      const ms = performance.now() - begin;
      // The first 50 warm the process (JIT, connections, prepared plans) and are not counted.
      if (i < 50) continue;
      latencies.push(ms);
      if (body.code === 0 && verifyProof(body.data.proof).ok) verified++;
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `  proof fetch, one client: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget < ${FETCH_BUDGET_MS} ms)`,
    );
    console.log(`  proofs verified by the contract's verifier: ${verified} of ${latencies.length}`);
    record({
      bench: 'liabilities',
      metric: 'proof fetch p50',
      value: p50,
      digits: 1,
      unit: 'ms',
      budget: '',
      pass: null,
    });
    record({
      bench: 'liabilities',
      metric: 'proof fetch p99',
      value: p99,
      digits: 1,
      unit: 'ms',
      budget: `< ${FETCH_BUDGET_MS} ms`,
      pass: p99 < FETCH_BUDGET_MS,
    });
    record({
      bench: 'liabilities',
      metric: 'proofs fetched that verify',
      value: `${verified} of ${latencies.length}`,
      unit: '',
      budget: 'all',
      pass: verified === latencies.length,
      correctness: true,
    });
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await dropDatabase(name);
}
