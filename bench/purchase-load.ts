// Miner purchases through the real server under load: the rig that bench/team-purchases.ts and
// bench/flash-sale.ts share (funded buyers with tokens, two API processes, autocannon).

import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/api/src/db/client.ts';
import { systemAccount, userAccount } from '../apps/api/src/ledger/accounts.ts';
import { post } from '../apps/api/src/ledger/journal.ts';
import { createTokenService, memberTokenKey } from '../apps/api/src/modules/auth/tokens.ts';
import { setStock } from '../apps/api/src/modules/mining/stock.ts';
import { apiProcesses, quick, record, roundRobin } from './lib.ts';

/** The sizes of a same-run comparison of purchase rates (docs/architecture.md, "Stock and flash sales"). */
export const PURCHASE_RUN = {
  buyers: quick ? 100 : 1_000,
  seconds: quick ? 2 : 10,
  warmUpSeconds: quick ? 1 : 5,
  processes: 2,
  connections: 32,
  ratioBudget: 0.8,
};
const { processes, connections, seconds } = PURCHASE_RUN;
/** How the rates were measured, for a bench's printed heading. */
export const RUN_SHAPE = `PostgreSQL, ${processes} API processes, ${connections} connections, 2 × ${seconds} s each, interleaved`;

/** A random member address, as SQL. */
export const address = sql`'0x' || substr(md5(random()::text) || md5(random()::text), 1, 40)`;

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

/**
 * `count` buyers, each with its own inviter and its inviter's inviter: each purchase does the work
 * of two referral rewards, with no ancestor in common.
 */
export async function unrelatedBuyers(db: Db, count: number): Promise<number[]> {
  const grandparents = (
    await queryRows<{ id: string }>(
      db,
      sql`insert into users (address) select ${address} from generate_series(1, ${count}) returning id`,
    )
  ).map((r) => Number(r.id));
  return childrenOf(db, await childrenOf(db, grandparents, 1, 1), 1, 2);
}

/** `count` miner products with stock enough for any run (or `stock`); their ids. */
export async function benchProducts(db: Db, count: number, stock = 1_000_000_000): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into miner_products (name, image, hash_rate, price, duration_days)
        select 'Bench miner ' || g, '/miners/s19.svg', 1000000, 10000000, 30
        from generate_series(1, ${count}) g returning id`,
  );
  for (const { id } of rows) await setStock(db, id, stock);
  return rows.map((p) => p.id);
}

/**
 * Funds every buyer with USDT enough for any run, signs a token for each, and starts the API
 * processes on `url` with PURCHASE_RUN's database connections in all. `load` buys one unit of a
 * random product of `productIds` as a random buyer of `buyers`, on as many HTTP connections;
 * `refused` counts the answers that were not a purchase, and `seen` counts each answer's code.
 */
export async function purchaseRig(db: Db, url: string, buyers: number[]) {
  const jwtSecret = randomBytes(32).toString('hex');
  const tokens = createTokenService(db, memberTokenKey(jwtSecret), 3600);
  const bearerOf = new Map<number, string>();
  for (const id of buyers) {
    await post(db, {
      asset: 'USDT',
      from: systemAccount('adjustment'),
      to: userAccount(id),
      amount: 1_000_000_000_000n,
      kind: 'adjustment',
      idempotencyKey: `bench:fund:${id}`,
    });
    bearerOf.set(id, `Bearer ${(await tokens.issue(id)).token}`);
  }
  const servers = await apiProcesses(url, jwtSecret, connections, processes);
  const seen = new Map<string, number>();
  const rig = {
    refused: 0,
    seen,
    load: (who: number[], productIds: string[], duration: number) =>
      autocannon({
        url: roundRobin(servers.map((s) => s.url)),
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/app-api/user_mining_machines/clickBuy',
            setupRequest: (request) => ({
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: bearerOf.get(who[Math.floor(Math.random() * who.length)]!)!,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({
                productId: productIds[Math.floor(Math.random() * productIds.length)],
                quantity: 1,
              }),
            }),
            onResponse: (status, body) => {
              const code = `${status}:${/"code":(\d+)/.exec(body)?.[1] ?? '?'}`;
              seen.set(code, (seen.get(code) ?? 0) + 1);
              if (status !== 200 || !body.includes('"code":0')) rig.refused += 1;
            },
          },
        ],
      }),
    stop: () => servers.stopAll(),
  };
  return rig;
}

type Rig = Awaited<ReturnType<typeof purchaseRig>>;
type Load = { buyers: number[]; products: string[] };

/**
 * Purchases/s of the baseline load and of the measured one, after a warm-up of each: interleaved,
 * twice each, so that drift of the machine falls on both alike.
 */
export async function compareRates(db: Db, rig: Rig, baseline: Load, measured: Load) {
  const { warmUpSeconds } = PURCHASE_RUN;
  const orders = async () =>
    Number((await queryRows<{ n: string }>(db, sql`select count(*)::text as n from miner_orders`))[0]?.n);
  const measure = async ({ buyers, products }: Load) => {
    const before = await orders();
    await rig.load(buyers, products, seconds);
    return (await orders()) - before;
  };
  for (const { buyers, products } of [baseline, measured]) await rig.load(buyers, products, warmUpSeconds);
  let b = 0;
  let m = 0;
  for (let round = 0; round < 2; round += 1) {
    b += await measure(baseline);
    m += await measure(measured);
  }
  return { baseline: b / (2 * seconds), measured: m / (2 * seconds) };
}

/**
 * The figures of a same-run comparison: purchases/s of the baseline and of the case (information),
 * and their ratio, printed as `label` and counted against PURCHASE_RUN's budget (at least).
 */
export function recordRatio(
  bench: string,
  baseline: { metric: string; rate: number },
  measured: { metric: string; rate: number },
  ratio: { metric: string; label: string },
) {
  for (const { metric, rate } of [baseline, measured]) {
    record({ bench, metric, value: rate, digits: 0, unit: '/s', budget: '', pass: null });
  }
  const value = measured.rate / baseline.rate;
  const budget = PURCHASE_RUN.ratioBudget;
  const pass = value >= budget;
  console.log(
    `  ratio ${ratio.label} = ${value.toFixed(2)} (budget ≥ ${budget}) ${pass ? 'pass' : 'FAIL'}${quick ? ' [quick run: not a measurement]' : ''}`,
  );
  record({ bench, metric: ratio.metric, value, digits: 2, unit: '', budget: `≥ ${budget}`, pass });
}

/** Purchases refused or failed where none may be: a correctness row. */
export function recordRefused(bench: string, metric: string, refused: number) {
  record({ bench, metric, value: refused, unit: '', budget: '= 0', pass: refused === 0, correctness: true });
}
