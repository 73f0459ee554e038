// Team figures at scale, part (b): miner purchases/s by members who all share one top ancestor,
// as a ratio of purchases/s by members with no ancestor in common (see team.ts).

import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { checkLedger } from '../apps/api/src/ledger/check.ts';
import { runTeamRollup } from '../apps/api/src/modules/team/rollup.ts';
import { dropDatabase, migratedDatabase, record, recordLedger } from './lib.ts';
import {
  address,
  benchProducts,
  childrenOf,
  compareRates,
  PURCHASE_RUN,
  purchaseRig,
  RUN_SHAPE,
  recordRatio,
  recordRefused,
  unrelatedBuyers,
} from './purchase-load.ts';

const BUYERS = PURCHASE_RUN.buyers;

export async function sharedAncestorPurchases() {
  const name = 'minecloud_bench_team_buy';
  const { url, database } = await migratedDatabase(name);
  try {
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
    const unrelated = await unrelatedBuyers(db, BUYERS);

    const productIds = await benchProducts(db, 20);
    const rig = await purchaseRig(db, url, [...shared, ...unrelated]);
    try {
      const rates = await compareRates(
        db,
        rig,
        { buyers: unrelated, products: productIds },
        { buyers: shared, products: productIds },
      );
      const uRate = rates.baseline;
      const sRate = rates.measured;
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
      console.log(
        `\nteam (b): miner purchases by ${BUYERS} members under one top ancestor vs ${BUYERS} with no ancestor in common (${RUN_SHAPE})`,
      );
      console.log(
        `  unrelated: ${uRate.toFixed(0)} purchases/s; shared top ancestor: ${sRate.toFixed(0)} purchases/s; refused or failed: ${rig.refused}`,
      );
      console.log(
        `  after the run: ledger ${ledger.ok ? 'balanced' : 'NOT BALANCED'}; roll-up took ${rolled.deltas} deltas; top ancestor's team = all shared purchases: ${topTeam?.performance === sharedPaid?.paid ? 'yes' : `NO (${topTeam?.performance} vs ${sharedPaid?.paid})`}`,
      );
      recordRatio(
        'team',
        { metric: '(b) purchases/s, unrelated buyers', rate: uRate },
        { metric: '(b) purchases/s, shared top ancestor', rate: sRate },
        { metric: '(b) purchases/s shared ÷ unrelated', label: 'shared ÷ unrelated' },
      );
      recordRefused('team', '(b) purchases refused or failed', rig.refused);
      recordLedger('team', ledger, '(b) ');
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
      await rig.stop();
    }
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}
