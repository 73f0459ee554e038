import { ASSETS, type Asset, formatAmount, parseAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, queryRows } from '../../db/client.ts';
import { dayOf, startOfDay } from '../../lib/calendar.ts';
import { failWith } from '../../lib/errors.ts';
import type { Operator } from '../auth/operators.ts';
import { getSetting } from '../config/settings.ts';

/**
 * The limits on operators' credits (requests.ts applies them): what one operator may
 * credit alone in a settlement day, and what all operators together may credit in it.
 */

type Reader = Pick<Db, 'execute' | 'select'>;

function settingUnits(text: string, asset: Asset): bigint {
  const parsed = parseAmount(text, asset);
  if (!parsed.ok) throw new Error(`setting amount ${text} is not a ${asset} amount`);
  return parsed.units;
}

/**
 * The two limits of `asset` in effect at `at`, in atomic units. Read one after the other: inside a
 * transaction `db` is one connection, which takes one query at a time.
 */
export async function limitsOf(db: Reader, asset: Asset, at: Date) {
  const above = await getSetting(db, `ledger.adjustApprovalAbove.${asset}`, at);
  const cap = await getSetting(db, `ledger.adjustDailyCap.${asset}`, at);
  return { approvalAbove: settingUnits(above, asset), dailyCap: settingUnits(cap, asset) };
}

/** When the settlement day holding `now` began: the daily limits count from there. */
export async function dayStartOf(db: Reader, now: Date): Promise<Date> {
  const timeZone = await getSetting(db, 'settlement.timeZone', now);
  return startOfDay(dayOf(now, timeZone), timeZone);
}

/**
 * Credits of `asset` applied since `since`: by every operator (`total`), and those `operatorId`
 * gave alone, without a second operator (`mine`).
 */
export async function creditedSince(db: Pick<Db, 'execute'>, asset: Asset, since: Date, operatorId: number) {
  const [row] = await queryRows<{ total: string; mine: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total,
               coalesce(sum(amount) filter (where requested_by_id = ${operatorId} and decided_by_id is null), 0)::text as mine
        from adjustment_requests
        where asset = ${asset} and status = 'applied' and amount > 0 and applied_at >= ${since.toISOString()}::timestamptz`,
  );
  return { total: BigInt(row?.total ?? 0), mine: BigInt(row?.mine ?? 0) };
}

/**
 * Credits of one asset take turns (a transaction-scoped advisory lock): the sums read after it
 * include every credit committed before, so two credits or approvals racing cannot both pass a
 * limit that only one of them fits.
 */
export async function lockCredits(tx: Pick<Db, 'execute'>, asset: Asset) {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(`ledger:adjust:${asset}`)}::bigint)`);
}

/** Refuses a credit that would take the day's credits of `asset` above the daily cap. */
export function checkDailyCap(credited: bigint, units: bigint, cap: bigint, asset: Asset) {
  if (credited + units <= cap) return;
  failWith('adjustmentDailyCap', {
    asset,
    cap: formatAmount(cap, asset),
    used: formatAmount(credited, asset),
  });
}

/** Per asset, the limits in effect and what was credited today, by anyone and by `operator` alone. */
export async function adjustmentLimits(db: Reader, operator: Operator, now: Date) {
  const since = await dayStartOf(db, now);
  const list = await Promise.all(
    ASSETS.map(async (asset) => {
      const [limits, credited] = await Promise.all([
        limitsOf(db, asset, now),
        creditedSince(db, asset, since, operator.id),
      ]);
      return {
        asset,
        approvalAbove: formatAmount(limits.approvalAbove, asset),
        dailyCap: formatAmount(limits.dailyCap, asset),
        creditedToday: formatAmount(credited.total, asset),
        mineToday: formatAmount(credited.mine, asset),
      };
    }),
  );
  return { list };
}
