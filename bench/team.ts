// Team figures at scale, on PostgreSQL:
// (a) department performance of one member (POST dataBoard/departmentInfo through the real server)
//     with 1,000,000 members and an invitation chain 10,000 deep, after the real roll-up has
//     aggregated every member's purchase: p50/p99 latency, budget < 50 ms;
// (b) miner purchases/s by 1,000 members who all share one top ancestor, as a ratio of purchases/s
//     by 1,000 members with no ancestor in common, same run, same work per purchase: budget ≥ 0.8.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { ensureSystemAccounts } from '../apps/api/src/ledger/journal.ts';
import { dayOf } from '../apps/api/src/lib/calendar.ts';
import { createTokenService, memberTokenKey } from '../apps/api/src/modules/auth/tokens.ts';
import { runTeamRollup } from '../apps/api/src/modules/team/rollup.ts';
import { dropDatabase, freshDatabase, percentile, quick, record, startServer } from './lib.ts';
import { address } from './purchase-load.ts';
import { sharedAncestorPurchases } from './team-purchases.ts';

const MEMBERS = quick ? 20_000 : 1_000_000;
const CHAIN = quick ? 1_000 : 10_000;
const READS = quick ? 50 : 300;
const READ_BUDGET_MS = 50;
const jwtSecret = randomBytes(32).toString('hex');
const secretKey = memberTokenKey(jwtSecret);

async function departmentRead() {
  const name = 'minecloud_bench_team_read';
  const url = await freshDatabase(name);
  const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
  try {
    await database.migrate();
    await ensureSystemAccounts(database.db);
    const db = database.db;
    let started = Date.now();
    const [root] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (address) values (${address}) returning id`,
    );
    const rootId = Number(root!.id);
    // The chain: member i (1..CHAIN) invited by member i-1, all in department 1 of the one above.
    const chain = await queryRows<{ first: string; last: string }>(
      db,
      sql`with made as (
            insert into users (address, department, depth)
            select ${address}, 1, g from generate_series(1, ${CHAIN}) g order by g returning id)
          select min(id)::text as first, max(id)::text as last from made`,
    );
    const first = Number(chain[0]!.first);
    if (Number(chain[0]!.last) - first + 1 !== CHAIN) throw new Error('chain ids are not contiguous');
    await db.execute(sql`update users set inviter_id = id - 1 where id between ${first} and ${first + CHAIN - 1}`);
    if (first - 1 !== rootId) throw new Error('chain does not start under the root');
    // Everyone else hangs off a chain member, spread over the three departments.
    await db.execute(
      sql`insert into users (address, inviter_id, department, depth)
          select ${address}, ${first} + (g % ${CHAIN}), 1 + (g % 3), (g % ${CHAIN}) + 2
          from generate_series(1, ${MEMBERS - CHAIN - 1}) g`,
    );
    // Each member joined (one newcomer delta) and bought once, 1 to 1,000 U: what sign-in and
    // purchases queue, one row each.
    const day = dayOf(new Date(), 'Asia/Shanghai');
    await db.execute(
      sql`insert into team_deltas (user_id, day, amount, members)
          select id, ${day}::date, (1 + id % 1000) * 1000000, case when inviter_id is null then 0 else 1 end from users`,
    );
    await db.execute(sql`analyze`);
    const setupSeconds = (Date.now() - started) / 1000;

    started = Date.now();
    const rolled = await runTeamRollup(db, new Date());
    const rollupSeconds = (Date.now() - started) / 1000;
    const [check] = await queryRows<{ ok: boolean; members: number }>(
      db,
      sql`select (select performance from team_totals where user_id = ${rootId})
            = (select sum((1 + id % 1000) * 1000000) from users where id <> ${rootId}) as ok,
          (select members from team_totals where user_id = ${rootId}) as members`,
    );

    const tokens = createTokenService(db as Db, secretKey, 3600);
    const server = await startServer({ DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api', DEMO: '0' });
    const readers = [
      { label: 'top of the chain', id: rootId },
      { label: 'middle of the chain', id: first + CHAIN / 2 },
    ];
    const results: { label: string; p50: number; p99: number }[] = [];
    try {
      for (const reader of readers) {
        const { token } = await tokens.issue(reader.id);
        const read = async () => {
          const t = performance.now();
          const res = await fetch(`${server.url}/app-api/dataBoard/departmentInfo`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          });
          const body = (await res.json()) as { code: number };
          if (body.code !== 0) throw new Error(`departmentInfo answered ${JSON.stringify(body)}`);
          return performance.now() - t;
        };
        for (let i = 0; i < 20; i += 1) await read();
        const times: number[] = [];
        for (let i = 0; i < READS; i += 1) times.push(await read());
        results.push({ label: reader.label, p50: percentile(times, 50), p99: percentile(times, 99) });
      }
    } finally {
      await server.stop();
    }
    console.log(
      `\nteam (a): department performance with ${MEMBERS.toLocaleString('en')} members and a chain ${CHAIN.toLocaleString('en')} deep (PostgreSQL, through the server)`,
    );
    console.log(
      `  set-up ${setupSeconds.toFixed(1)} s; roll-up of ${rolled.deltas} queued deltas over ${rolled.depths} depths: ${rollupSeconds.toFixed(1)} s, ${rolled.ancestors} ancestors updated`,
    );
    console.log(
      `  top member's team total equals every purchase below it: ${check?.ok ? 'yes' : 'NO'}; members below it: ${check?.members}`,
    );
    for (const r of results) {
      console.log(
        `  ${r.label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (budget < ${READ_BUDGET_MS} ms) ${r.p99 < READ_BUDGET_MS ? 'pass' : 'FAIL'}${quick ? ' [quick run: not a measurement]' : ''}`,
      );
    }
    for (const r of results) {
      for (const [label, value] of [
        ['p50', r.p50],
        ['p99', r.p99],
      ] as const) {
        record({
          bench: 'team',
          metric: `(a) departmentInfo, ${r.label}, ${label}`,
          value: value,
          digits: 1,
          unit: 'ms',
          budget: `< ${READ_BUDGET_MS} ms`,
          pass: value < READ_BUDGET_MS,
        });
      }
    }
    const totalsRight = Boolean(check?.ok) && check?.members === MEMBERS - 1;
    record({
      bench: 'team',
      metric: "(a) top member's team total and members",
      value: totalsRight ? 'right' : 'WRONG',
      unit: '',
      budget: '= every purchase below',
      pass: totalsRight,
      correctness: true,
    });
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

await departmentRead();
await sharedAncestorPurchases();
