import { applyRate } from '@minecloud/contract/decimal';
import { sql } from 'drizzle-orm';
import type { TxDb } from '../../db/client.ts';
import { systemAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { getSetting } from '../config/settings.ts';
import { openRoundSql } from './service.ts';

export type PoolFunding = {
  userId: number;
  /** USDT atomic units paid for the miners. */
  paid: bigint;
  /** The settlement day of the purchase: its round, unless that one has closed. */
  day: string;
  at: string;
  /** e.g. `miner_order:12`: names the order in the transfer and the contribution. */
  reference: string;
};

/**
 * A miner purchase's share of the prize pool (docs/economy.md, "Prize pool"), in the purchase's
 * transaction: `pool.purchaseShare` of the payment, in gold coins at `gold.perUsdt`, from the
 * treasury into the prize pool of the day's round, with its pool_contributions row.
 */
export async function fundPool(tx: TxDb, purchase: PoolFunding, legKey: (leg: string) => string) {
  const { userId, paid, day, at, reference } = purchase;
  const perUsdt = BigInt(await getSetting(tx, 'gold.perUsdt'));
  // USDT has 6 decimals and gold 2: gold units = USDT units × perUsdt / 10^4, rounded down.
  const gold = applyRate(paid * perUsdt, await getSetting(tx, 'pool.purchaseShare')) / 10_000n;
  if (gold <= 0n) return;
  const [transferId] = await post(tx, {
    asset: 'GOLD',
    from: systemAccount('treasury'),
    to: systemAccount('prize_pool'),
    amount: gold,
    kind: 'pool_share',
    reference,
    idempotencyKey: legKey('pool'),
  });
  await tx.execute(
    sql`insert into pool_contributions (day, kind, user_id, amount, transfer_id, reference, created_at)
        values (${openRoundSql(day)}, 'purchase', ${userId}, ${gold.toString()}::bigint, ${transferId}, ${reference},
          ${at}::timestamptz)`,
  );
}
