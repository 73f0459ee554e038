import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';

export type LedgerCheck = {
  ok: boolean;
  assets: { asset: Asset; sum: string }[];
  mismatches: { accountId: number; asset: Asset; balance: string; transfers: string }[];
};

/**
 * The invariant of ECONOMY.md: per asset, user balances plus system balances (derived from
 * transfers) sum to zero, and every user balance row equals the sum of its own transfers.
 */
export async function checkLedger(tx: Tx): Promise<LedgerCheck> {
  const flows = sql`
    select id, coalesce(sum(amount), 0) as amount from (
      select credit_account_id as id, amount from transfers
      union all
      select debit_account_id as id, -amount from transfers
    ) moves group by id`;
  const mismatched = await queryRows<{ id: string; asset: Asset; balance: string; derived: string }>(
    tx,
    sql`
    select a.id, a.asset, a.balance::text as balance, coalesce(f.amount, 0)::text as derived
    from accounts a left join (${flows}) f on f.id = a.id
    where a.user_id is not null and a.balance <> coalesce(f.amount, 0)
    order by a.id limit 100`,
  );
  const sums = await queryRows<{ asset: Asset; sum: string }>(
    tx,
    sql`
    select a.asset,
      (coalesce(sum(a.balance) filter (where a.user_id is not null), 0)
       + coalesce(sum(f.amount) filter (where a.system is not null), 0))::text as sum
    from accounts a left join (${flows}) f on f.id = a.id
    group by a.asset`,
  );
  const byAsset = new Map(sums.map((r) => [r.asset, BigInt(r.sum)]));
  const assets = ASSETS.map((asset) => ({ asset, sum: formatAmount(byAsset.get(asset) ?? 0n, asset) }));
  const mismatches = mismatched.map((r) => ({
    accountId: Number(r.id),
    asset: r.asset,
    balance: formatAmount(BigInt(r.balance), r.asset),
    transfers: formatAmount(BigInt(r.derived), r.asset),
  }));
  const ok = mismatches.length === 0 && ASSETS.every((asset) => (byAsset.get(asset) ?? 0n) === 0n);
  return { ok, assets, mismatches };
}
