import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import {
  COVERAGE_SOURCES,
  type CoverageSource,
  type Dashboard,
  type DashboardRange,
} from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { TransferKind } from '../../ledger/accounts.ts';
import { checkLedgerSinceCheckpoint } from '../../ledger/check.ts';
import { getSetting } from '../config/settings.ts';

const units = (rows: { asset: string; units: string }[], asset: Asset) =>
  BigInt(rows.find((r) => r.asset === asset)?.units ?? '0');

/** The reference of demo mode's adjustments (demo/seed.ts, actor `system:demo`): welcome and seed money. */
const DEMO_REFERENCE = 'adjust:system:demo';

/**
 * The system accounts that pay members from the platform's own funds, or take what members pay it:
 * mining output and equity yields, and the treasury, prize pool and foundation (top-ups, purchases,
 * fees, referral rewards, donations, forging, prizes).
 */
const PLATFORM_PAYERS = ['mining_output', 'yield', 'treasury', 'prize_pool', 'foundation', 'rounding'];

/** What each kind of transfer through those accounts is; every other kind is a platform payout. */
const SOURCE_OF_KIND: Partial<Record<TransferKind, CoverageSource>> = {
  topup: 'topups',
  donation: 'donations',
  pool_forge: 'forging',
  miner_purchase: 'purchases',
  equity_purchase: 'purchases',
  withdraw_fee: 'fees',
};

/**
 * Per asset and source (COVERAGE_SOURCES), the net credit to members that never came in on chain:
 * out of the platform's accounts by kind of transfer (transfers between two of them cancel out),
 * and out of the `adjustment` account less the demo's share (`demo`). Read through the transfer
 * indexes of those few accounts, not the whole ledger.
 */
async function nonChainCredits(db: Db) {
  const outOf = (systems: string[]) =>
    queryRows<{ asset: Asset; kind: TransferKind; units: string }>(
      db,
      sql`select a.asset, m.kind, (coalesce(sum(m.amount), 0))::text as units from accounts a
          join lateral (
            select t.kind, t.amount from transfers t where t.debit_account_id = a.id
            union all
            select t.kind, -t.amount from transfers t where t.credit_account_id = a.id) m on true
          where a.system in (${sql.join(
            systems.map((name) => sql`${name}`),
            sql`, `,
          )})
          group by a.asset, m.kind`,
    );
  const [demo, adjusted, paid] = await Promise.all([
    queryRows<{ asset: string; units: string }>(
      db,
      sql`select asset, sum(amount)::text as units from transfers
          where kind = 'adjustment' and reference = ${DEMO_REFERENCE} group by asset`,
    ),
    outOf(['adjustment']),
    outOf(PLATFORM_PAYERS),
  ]);
  const sources = new Map<Asset, Record<CoverageSource, bigint>>(
    ASSETS.map((asset) => [
      asset,
      Object.fromEntries(COVERAGE_SOURCES.map((s) => [s, 0n])) as Record<CoverageSource, bigint>,
    ]),
  );
  for (const row of adjusted) {
    const each = sources.get(row.asset);
    if (each) each.adjustments += BigInt(row.units);
  }
  for (const row of paid) {
    const each = sources.get(row.asset);
    if (each) each[SOURCE_OF_KIND[row.kind] ?? 'payouts'] += BigInt(row.units);
  }
  for (const asset of ASSETS) {
    const each = sources.get(asset);
    if (each) each.adjustments -= units(demo, asset);
  }
  return { demo, sources };
}

/**
 * The operator's overview at `now`: today's numbers (days in the settlement time zone), what members
 * hold per asset beside what came in and went out on chain, the ledger check, and `days` days of
 * history (today last; a day with nothing is zeros).
 */
export async function dashboard(db: Db, now: Date, days: DashboardRange = 30): Promise<Dashboard> {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const at = now.toISOString();
  const today = sql`((${at}::timestamptz at time zone ${timeZone})::date::timestamp at time zone ${timeZone})`;
  const seriesStart = sql`(((${at}::timestamptz at time zone ${timeZone})::date - ${days - 1}::int)::timestamp at time zone ${timeZone})`;
  const dayOf = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;

  const [counts] = await queryRows<{
    members: number;
    new_today: number;
    purchases: number;
    purchased: string;
    pending: number;
  }>(
    db,
    sql`select (select count(*)::int from users) as members,
               (select count(*)::int from users where created_at >= ${today}) as new_today,
               (select count(*)::int from miner_orders where created_at >= ${today}) as purchases,
               (select coalesce(sum(paid), 0)::text from miner_orders where created_at >= ${today}) as purchased,
               (select count(*)::int from withdrawals where status in ('review', 'second_review')) as pending`,
  );
  const depositsToday = await queryRows<{ asset: Asset; count: number; units: string }>(
    db,
    sql`select asset, count(*)::int as count, sum(amount)::text as units from deposits
        where status = 'credited' and credited_at >= ${today} group by asset`,
  );
  const held = await queryRows<{ asset: string; units: string }>(
    db,
    sql`select asset, sum(balance)::text as units from accounts where user_id is not null group by asset`,
  );
  const deposited = await queryRows<{ asset: string; units: string }>(
    db,
    sql`select asset, sum(amount)::text as units from deposits where status = 'credited' group by asset`,
  );
  // What left on chain: the amount less the fee, which stays with the platform.
  const withdrawn = await queryRows<{ asset: string; units: string }>(
    db,
    sql`select asset, sum(amount - fee)::text as units from withdrawals where status = 'arrived' group by asset`,
  );
  const { demo, sources } = await nonChainCredits(db);
  const ledger = await checkLedgerSinceCheckpoint(db);

  const calendar = await queryRows<{ day: string }>(
    db,
    sql`select to_char((${at}::timestamptz at time zone ${timeZone})::date - i, 'YYYY-MM-DD') as day
        from generate_series(${days - 1}::int, 0, -1) as i`,
  );
  const perDay = async (query: ReturnType<typeof sql>) =>
    new Map((await queryRows<{ day: string; value: string }>(db, query)).map((r) => [r.day, r.value]));
  const newMembers = await perDay(
    sql`select ${dayOf('created_at')} as day, count(*)::text as value from users where created_at >= ${seriesStart} group by 1`,
  );
  const purchases = await perDay(
    sql`select ${dayOf('created_at')} as day, sum(paid)::text as value from miner_orders where created_at >= ${seriesStart} group by 1`,
  );
  const depositsPerDay = await perDay(
    sql`select ${dayOf('credited_at')} as day, sum(amount)::text as value from deposits
        where status = 'credited' and asset = 'USDT' and credited_at >= ${seriesStart} group by 1`,
  );
  const withdrawalsPerDay = await perDay(
    sql`select ${dayOf('arrived_at')} as day, sum(amount - fee)::text as value from withdrawals
        where status = 'arrived' and asset = 'USDT' and arrived_at >= ${seriesStart} group by 1`,
  );
  const usdt = (value: string | undefined) => formatAmount(BigInt(value ?? '0'), 'USDT');

  return {
    members: counts?.members ?? 0,
    newToday: counts?.new_today ?? 0,
    purchasesToday: { count: counts?.purchases ?? 0, usdt: usdt(counts?.purchased) },
    depositsToday: depositsToday.map((d) => ({
      asset: d.asset,
      count: d.count,
      amount: formatAmount(BigInt(d.units), d.asset),
    })),
    withdrawalsPending: counts?.pending ?? 0,
    liabilities: ASSETS.map((asset) => ({
      asset,
      members: formatAmount(units(held, asset), asset),
      deposited: formatAmount(units(deposited, asset), asset),
      withdrawn: formatAmount(units(withdrawn, asset), asset),
      demoCredits: formatAmount(units(demo, asset), asset),
      sources: Object.fromEntries(
        COVERAGE_SOURCES.map((source) => [source, formatAmount(sources.get(asset)?.[source] ?? 0n, asset)]),
      ) as Record<CoverageSource, string>,
    })),
    ledger: { ok: ledger.ok, mismatches: ledger.mismatches.length + ledger.unbalancedEntries.length },
    days,
    series: calendar.map(({ day }) => ({
      day,
      newMembers: Number(newMembers.get(day) ?? 0),
      purchases: usdt(purchases.get(day)),
      deposits: usdt(depositsPerDay.get(day)),
      withdrawals: usdt(withdrawalsPerDay.get(day)),
    })),
  };
}
