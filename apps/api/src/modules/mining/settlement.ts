import { formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { type JobContext, queryRows } from '../../db/client.ts';
import { creditFromSystem } from '../../ledger/bulk.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';
import { decimalSql, notifyDay } from '../notifications/write.ts';
import { levelBonusPctSql, recomputeLevelsSql } from '../team/levels.ts';
import { rollUpTeam } from '../team/rollup.ts';

/**
 * Settles one mining day (ECONOMY.md, "Miners and hash rate"), set-based, in the runner's
 * transaction:
 * 1. miners whose contract ended by the end of the day become terminated, each with an expiry record;
 * 2. every member's effective hash rate (miners mining for the whole day, plus the level bonus)
 *    × `mining.btcPerThPerDay` is credited to their BTC earnings from `mining_output`, rounded down
 *    to the satoshi, once per (member, day) (mining_outputs' key and the transfer's key), with the
 *    member's notification of it.
 */
export async function settleMiningDay({ tx, period, now }: JobContext) {
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  const dayStart = startOfDay(period, timeZone);
  // The rate in force during the day: a change takes effect at a day's start (issue 12), never
  // inside the day it settles, however late the settlement runs.
  const rate = await getSetting(tx, 'mining.btcPerThPerDay', dayStart);
  const dayEnd = startOfDay(addDays(period, 1), timeZone);
  if (dayEnd.getTime() > now.getTime()) return fail('badRequest', 'period');
  // One pass aggregates every miner: give it memory to hash in, not sort on disk (this transaction only).
  await tx.execute(sql`set local work_mem = '128MB'`);
  const ds = dayStart.toISOString();
  const de = dayEnd.toISOString();

  const [ended] = await queryRows<{ n: number }>(
    tx,
    sql`with ended as (
          update miners set status = 'terminated'
          where status = 'mining' and end_at <= ${de}::timestamptz
          returning id, user_id, hash_rate, end_at)
        , recorded as (
          insert into power_records (user_id, source, kind, quantity, direction, release_at, miner_id)
          select user_id, 'own', 'expiry', hash_rate, 'out', end_at, id from ended
          returning 1)
        select count(*)::int as n from recorded`,
  );

  // Levels first (ECONOMY.md: recomputed at each settlement), from every purchase so far: the
  // day's bonus hash rate follows the level the member holds at the day's end.
  await rollUpTeam(tx, now);
  await tx.execute(await recomputeLevelsSql(tx, null));
  const levelBonusPct = await levelBonusPctSql(tx);
  // Hash units are 10^-6 TH/s and BTC units 10^-8: satoshis = units × rate × 100, exact in numeric.
  const [paid] = await queryRows<{ members: number; total: string }>(
    tx,
    sql`with eligible as (
          select user_id, sum(hash_rate) as own from miners
          where start_at <= ${ds}::timestamptz and end_at >= ${de}::timestamptz
          group by user_id)
        , scored as (
          select e.user_id, e.own, (e.own * ${levelBonusPct}) / 100 as bonus
          from eligible e join users u on u.id = e.user_id)
        , priced as (
          select user_id, own, bonus,
            floor((own + bonus)::numeric * ${rate}::numeric * 100)::bigint as btc
          from scored)
        , recorded as (
          insert into mining_outputs (user_id, day, own_hash, bonus_hash, btc)
          select user_id, ${period}::date, own, bonus, btc from priced where btc > 0
          on conflict do nothing
          returning user_id, btc)
        , ${creditFromSystem({
          from: 'mining_output',
          to: 'earnings',
          kind: 'mining_output',
          reference: `settlement:${period}`,
          keyPrefix: `settlement:${period}:`,
          legs: sql`select user_id, 'BTC' as asset, btc as amount, user_id::text as leg from recorded`,
        })}
        select count(*)::int as members, coalesce(sum(amount), 0)::text as total from moved`,
  );
  // Each member paid hears of the day's output, once.
  await notifyDay(
    tx,
    'mining_output',
    period,
    sql`select user_id, jsonb_build_object('day', ${period}::text, 'asset', 'BTC', 'amount', ${decimalSql(sql`btc`, 'BTC')}) as params
        from mining_outputs where day = ${period}::date and btc > 0`,
  );
  const members = paid?.members ?? 0;
  const total = BigInt(paid?.total ?? 0);
  await tx.execute(
    sql`insert into settlement_days (day, btc_per_th_per_day, day_start, day_end, members, total_btc, terminated, settled_at)
        values (${period}::date, ${rate}, ${ds}::timestamptz, ${de}::timestamptz, ${members}, ${total.toString()}::bigint,
          ${ended?.n ?? 0}, ${now.toISOString()}::timestamptz)`,
  );
  return { day: period, members, totalBtc: formatAmount(total, 'BTC'), terminated: ended?.n ?? 0 };
}
