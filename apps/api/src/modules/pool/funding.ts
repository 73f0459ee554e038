import { applyRate } from '@minecloud/contract/decimal';
import { sql } from 'drizzle-orm';
import type { TxDb } from '../../db/client.ts';
import { systemAccount } from '../../ledger/accounts.ts';
import type { Leg } from '../../ledger/journal.ts';
import { getSetting } from '../config/settings.ts';
import { openRoundSql } from './service.ts';

export type PoolFunding = {
  userId: number;
  /** The settlement day of the purchase: its round, unless that one has closed. */
  day: string;
  at: string;
  /** e.g. `miner_order:12`: names the order in the transfer and the contribution. */
  reference: string;
};

/**
 * A miner purchase's share of the prize pool (docs/economy.md, "Prize pool"): `pool.purchaseShare`
 * of the payment, in gold coins at `gold.perUsdt`, rounded down (zero: no share).
 */
export async function poolShareOf(tx: TxDb, paid: bigint): Promise<bigint> {
  const perUsdt = BigInt(await getSetting(tx, 'gold.perUsdt'));
  // USDT has 6 decimals and gold 2: gold units = USDT units × perUsdt / 10^4, rounded down.
  return applyRate(paid * perUsdt, await getSetting(tx, 'pool.purchaseShare')) / 10_000n;
}

/** The leg that pays a purchase's pool share, for the purchase's entry: treasury → prize pool. */
export function poolLeg(gold: bigint, legKey: (leg: string) => string): Leg {
  return {
    asset: 'GOLD',
    from: systemAccount('treasury'),
    to: systemAccount('prize_pool'),
    amount: gold,
    kind: 'pool_share',
    key: legKey('pool'),
  };
}

/**
 * The pool_contributions row of a purchase's share, paid by the transfer `transferId`, in the
 * purchase's transaction: it counts for the day's round, unless that one has closed.
 */
export async function recordPoolContribution(tx: TxDb, purchase: PoolFunding, gold: bigint, transferId: number) {
  const { userId, day, at, reference } = purchase;
  await tx.execute(
    sql`insert into pool_contributions (day, kind, user_id, amount, transfer_id, reference, created_at)
        values (${openRoundSql(day)}, 'purchase', ${userId}, ${gold.toString()}::bigint, ${transferId}, ${reference},
          ${at}::timestamptz)`,
  );
}
