// Flash sale, on PostgreSQL through the real server: miner purchases/s when every buyer buys the
// same product, as a ratio of purchases/s by the same buyers spread over 20 products, same run,
// same work per purchase: budget ≥ 0.8 (the mechanism and the budget:
// docs/architecture.md, "Stock and flash sales"). Then the last units of a product under the same
// load: exactly its stock is sold, and nobody pays for a miner not given.

import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { checkLedger } from '../apps/api/src/ledger/check.ts';
import { dropDatabase, migratedDatabase, quick, record, recordLedger } from './lib.ts';
import * as purchases from './purchase-load.ts';

const BUYERS = purchases.PURCHASE_RUN.buyers;
/** The last units, sold out under load in the last phase. */
const LAST_UNITS = quick ? 50 : 200;
/** Seconds of load at most to sell them, a second at a time. */
const SELL_OUT_SECONDS = 30;
const SOLD_OUT = '200:1023';
const STOCK = 1_000_000_000;

const name = 'minecloud_bench_flash';
const { url, database } = await migratedDatabase(name);
try {
  const db = database.db;
  // As in bench/team-purchases.ts, unrelated buyers: the product is the only thing they share.
  const buyers = await purchases.unrelatedBuyers(db, BUYERS);
  const spread = await purchases.benchProducts(db, 20, STOCK);
  const [flash] = await purchases.benchProducts(db, 1, STOCK);
  const [last] = await purchases.benchProducts(db, 1, LAST_UNITS);
  const rig = await purchases.purchaseRig(db, url, buyers);
  try {
    const rates = await purchases.compareRates(db, rig, { buyers, products: spread }, { buyers, products: [flash!] });
    const spreadRate = rates.baseline;
    const flashRate = rates.measured;
    const refusedBefore = rig.refused;

    const soldOutBefore = rig.seen.get(SOLD_OUT) ?? 0;
    const lastLeft = async () =>
      (
        await queryRows<{ stock: number }>(
          db,
          sql`select coalesce(sum(stock), 0)::int as stock from miner_stock_slots where product_id = ${last}`,
        )
      )[0]?.stock;
    for (let second = 0; second < SELL_OUT_SECONDS && (await lastLeft()) !== 0; second += 1) {
      await rig.load(buyers, [last!], 1);
    }
    const soldOutAnswers = (rig.seen.get(SOLD_OUT) ?? 0) - soldOutBefore;
    // Requests still in flight when the load stopped commit in the next moments: let them land.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // Per product: what its stock lost is what its orders hold, in miners and in what was paid.
    const [stock] = await queryRows<{ products: number; wrong: number; last_left: number; last_sold: number }>(
      db,
      sql`with sold as (
            select p.id, (select sum(stock) from miner_stock_slots s where s.product_id = p.id)::int as stock,
              coalesce(sum(o.quantity), 0) as units, coalesce(sum(o.paid), 0) as paid,
              (select count(*) from miners m where m.product_id = p.id) as miners,
              (select coalesce(sum(t.amount), 0) from transfers t
                where t.kind = 'miner_purchase' and t.reference like 'miner:' || p.id || ':%') as charged
            from miner_products p left join miner_orders o on o.product_id = p.id group by p.id)
          select count(*)::int as products,
            count(*) filter (where units <> (case when id = ${last}::bigint then ${LAST_UNITS}::int else ${STOCK}::int end) - stock
              or miners <> units or charged <> paid)::int as wrong,
            (select stock from sold where id = ${last}::bigint) as last_left,
            (select units from sold where id = ${last}::bigint)::int as last_sold
          from sold`,
    );
    const ledger = await checkLedger(db);
    const stockRight = stock?.wrong === 0 && stock.last_left === 0 && stock.last_sold === LAST_UNITS;
    const otherRefusals = rig.refused - refusedBefore - soldOutAnswers;
    console.log(
      `\nflash sale: miner purchases by ${BUYERS} members of one product vs of 20 products (${purchases.RUN_SHAPE})`,
    );
    console.log(
      `  spread over 20 products: ${spreadRate.toFixed(0)} purchases/s; one product: ${flashRate.toFixed(0)} purchases/s; refused or failed: ${refusedBefore}`,
    );
    console.log(
      `  last ${LAST_UNITS} units under the same load: ${stock?.last_sold} sold, ${stock?.last_left} left, ${soldOutAnswers} answered sold out, ${otherRefusals} other refusals`,
    );
    console.log(
      `  after the run: ledger ${ledger.ok ? 'balanced' : 'NOT BALANCED'}; stock taken = units ordered = miners, charged = paid, for every product: ${stock?.wrong === 0 ? 'yes' : `NO (${stock?.wrong} of ${stock?.products} products)`}`,
    );
    purchases.recordRatio(
      'flash',
      { metric: 'purchases/s spread over 20 products', rate: spreadRate },
      { metric: 'purchases/s of one product', rate: flashRate },
      { metric: 'purchases/s one product ÷ spread', label: 'one product ÷ spread' },
    );
    purchases.recordRefused('flash', 'purchases refused or failed (stock left)', refusedBefore + otherRefusals);
    record({
      bench: 'flash',
      metric: `last ${LAST_UNITS} units: sold, per product stock = orders`,
      value: stockRight ? 'exact' : 'WRONG',
      unit: '',
      budget: 'exact',
      pass: stockRight,
      correctness: true,
    });
    recordLedger('flash', ledger);
  } finally {
    await rig.stop();
  }
} finally {
  await database.close();
  await dropDatabase(name);
}
