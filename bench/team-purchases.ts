// Team figures at scale, part (b): miner purchases/s by members who all share one top ancestor,
// as a ratio of purchases/s by members with no ancestor in common (see team.ts).

import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { systemAccount, userAccount } from '../apps/api/src/ledger/accounts.ts';
import { checkLedger } from '../apps/api/src/ledger/check.ts';
import { ensureSystemAccounts, transfer } from '../apps/api/src/ledger/transfer.ts';
import { createTokenService, memberTokenKey } from '../apps/api/src/modules/auth/tokens.ts';
import { runTeamRollup } from '../apps/api/src/modules/team/rollup.ts';
import { dropDatabase, freshDatabase, quick, record, roundRobin, startServer } from './lib.ts';

const BUYERS = quick ? 100 : 1_000;
const SECONDS = quick ? 2 : 10;
const CONNECTIONS = 32;
const RATIO_BUDGET = 0.8;
const jwtSecret = randomBytes(32).toString('hex');
const secretKey = memberTokenKey(jwtSecret);
/** A random member address, as SQL. */
export const address = sql`'0x' || substr(md5(random()::text) || md5(random()::text), 1, 40)`;

export async function sharedAncestorPurchases() {
  const name = 'minecloud_bench_team_buy';
  const url = await freshDatabase(name);
  const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
  try {
    await database.migrate();
    await ensureSystemAccounts(database.db);
    const db = database.db;
    // Shared: one top member, 10 under it, 100 under those, and the buyers 10 under each of those
    // (in quick runs fewer): every buyer's upline ends at the same top, direct inviters are shared by
    // 10 buyers and indirect ones by 100. Unrelated: every buyer has its own inviter and its inviter's
    // inviter, so each purchase does the same work (two referral rewards) with no ancestor in common.
    const [top] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (address) values (${address}) returning id`,
    );
    const second = await childrenOf(db, [Number(top!.id)], 10, 1);
    const third = await childrenOf(db, second, BUYERS / 100, 2);
    const shared = await childrenOf(db, third, 10, 3);
    const grandparents = (
      await queryRows<{ id: string }>(
        db,
        sql`insert into users (address) select ${address} from generate_series(1, ${BUYERS}) returning id`,
      )
    ).map((r) => Number(r.id));
    const parents = await childrenOf(db, grandparents, 1, 1);
    const unrelated = await childrenOf(db, parents, 1, 2);

    const products = await queryRows<{ id: string }>(
      db,
      sql`insert into miner_products (name, image, hash_rate, price, duration_days, stock)
          select 'Bench miner ' || g, '/miners/s19.svg', 1000000, 10000000, 30, 1000000000
          from generate_series(1, 20) g returning id`,
    );
    const productIds = products.map((p) => p.id);
    const tokens = createTokenService(db as Db, secretKey, 3600);
    const bearerOf = new Map<number, string>();
    for (const id of [...shared, ...unrelated]) {
      await transfer(db, {
        asset: 'USDT',
        from: systemAccount('adjustment'),
        to: userAccount(id),
        amount: 1_000_000_000_000n,
        kind: 'adjustment',
        idempotencyKey: `bench:fund:${id}`,
      });
      bearerOf.set(id, `Bearer ${(await tokens.issue(id)).token}`);
    }

    const PROCESSES = 2;
    const servers = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        startServer({
          DATABASE_URL: url,
          JWT_SECRET: jwtSecret,
          DATABASE_POOL_MAX: String(Math.ceil(CONNECTIONS / PROCESSES)),
          RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
          DEMO: '0',
        }),
      ),
    );
    let refused = 0;
    const orders = async () =>
      Number((await queryRows<{ n: string }>(db, sql`select count(*)::text as n from miner_orders`))[0]?.n);
    const load = (buyers: number[], duration: number) =>
      autocannon({
        url: roundRobin(servers.map((s) => s.url)),
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/app-api/user_mining_machines/clickBuy',
            setupRequest: (request) => ({
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: bearerOf.get(buyers[Math.floor(Math.random() * buyers.length)]!)!,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({
                productId: productIds[Math.floor(Math.random() * productIds.length)],
                quantity: 1,
              }),
            }),
            onResponse: (status, body) => {
              if (status !== 200 || !body.includes('"code":0')) refused += 1;
            },
          },
        ],
      });
    const measure = async (buyers: number[]) => {
      const before = await orders();
      await load(buyers, SECONDS);
      return (await orders()) - before;
    };
    try {
      await load(unrelated, quick ? 1 : 5);
      await load(shared, quick ? 1 : 5);
      // Interleaved, twice each, so that drift of the machine falls on both alike.
      let u = 0;
      let s = 0;
      for (let round = 0; round < 2; round += 1) {
        u += await measure(unrelated);
        s += await measure(shared);
      }
      const uRate = u / (2 * SECONDS);
      const sRate = s / (2 * SECONDS);
      // Requests still in flight when the load stopped commit in the next moments: let them land.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const rolled = await runTeamRollup(db, new Date());
      const [topTeam] = await queryRows<{ performance: string }>(
        db,
        sql`select performance::text from team_totals where user_id = ${Number(top!.id)}`,
      );
      const [sharedPaid] = await queryRows<{ paid: string }>(
        db,
        sql`select coalesce(sum(paid), 0)::text as paid from miner_orders where user_id in (${sql.join(
          shared.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const ledger = await checkLedger(db);
      const ratio = sRate / uRate;
      console.log(
        `\nteam (b): miner purchases by ${BUYERS} members under one top ancestor vs ${BUYERS} with no ancestor in common (PostgreSQL, ${PROCESSES} API processes, ${CONNECTIONS} connections, 2 × ${SECONDS} s each, interleaved)`,
      );
      console.log(
        `  unrelated: ${uRate.toFixed(0)} purchases/s; shared top ancestor: ${sRate.toFixed(0)} purchases/s; refused or failed: ${refused}`,
      );
      console.log(
        `  after the run: ledger ${ledger.ok ? 'balanced' : 'NOT BALANCED'}; roll-up took ${rolled.deltas} deltas; top ancestor's team = all shared purchases: ${topTeam?.performance === sharedPaid?.paid ? 'yes' : `NO (${topTeam?.performance} vs ${sharedPaid?.paid})`}`,
      );
      console.log(
        `  ratio shared ÷ unrelated = ${ratio.toFixed(2)} (budget ≥ ${RATIO_BUDGET}) ${ratio >= RATIO_BUDGET ? 'pass' : 'FAIL'}${quick ? ' [quick run: not a measurement]' : ''}`,
      );
      record({
        bench: 'team',
        metric: '(b) purchases/s, unrelated buyers',
        value: uRate,
        digits: 0,
        unit: '/s',
        budget: '',
        pass: null,
      });
      record({
        bench: 'team',
        metric: '(b) purchases/s, shared top ancestor',
        value: sRate,
        digits: 0,
        unit: '/s',
        budget: '',
        pass: null,
      });
      record({
        bench: 'team',
        metric: '(b) purchases/s shared ÷ unrelated',
        value: ratio,
        digits: 2,
        unit: '',
        budget: `≥ ${RATIO_BUDGET}`,
        pass: ratio >= RATIO_BUDGET,
      });
      record({
        bench: 'team',
        metric: '(b) purchases refused or failed',
        value: refused,
        unit: '',
        budget: '= 0',
        pass: refused === 0,
        correctness: true,
      });
      record({
        bench: 'team',
        metric: '(b) ledger after the run',
        value: ledger.ok ? 'balanced' : 'NOT BALANCED',
        unit: '',
        budget: 'balanced',
        pass: ledger.ok,
        correctness: true,
      });
      const teamRight = topTeam?.performance === sharedPaid?.paid;
      record({
        bench: 'team',
        metric: "(b) top ancestor's team after roll-up",
        value: teamRight ? 'right' : 'WRONG',
        unit: '',
        budget: '= all shared purchases',
        pass: teamRight,
        correctness: true,
      });
    } finally {
      await Promise.all(servers.map((srv) => srv.stop()));
    }
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

/** Inserts `perParent` children under each parent (department 1..3 in turn); returns their ids. */
export async function childrenOf(db: Db, parents: number[], perParent: number, depth: number): Promise<number[]> {
  const inviters = parents.flatMap((p) => Array.from({ length: perParent }, () => p));
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into users (address, inviter_id, department, depth)
        select ${address}, p, 1 + (n % 3), ${depth}
        from unnest(${`{${inviters.join(',')}}`}::bigint[]) with ordinality as x(p, n) returning id`,
  );
  return rows.map((r) => Number(r.id));
}
