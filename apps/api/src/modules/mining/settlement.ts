import { formatAmount } from '@minecloud/contract/amount';
import { networkDayRate } from '@minecloud/contract/network-day';
import { sql } from 'drizzle-orm';
import { type Db, type JobContext, type MemberRange, queryRows } from '../../db/client.ts';
import { creditFromSystem } from '../../ledger/bulk.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';
import { storedNetworkDay, takeNetworkDay } from '../network/days.ts';
import type { NetworkSource } from '../network/source.ts';
import { decimalSql, notifyDayInsert } from '../notifications/write.ts';
import { levelRules, recomputeLevelsSql } from '../team/levels.ts';
import { rollUpTeam } from '../team/rollup.ts';

/** What the first step of a mining day fixed for all its chunks (kept with the run's progress). */
export type MiningDayPrepared = {
  rate: string;
  /** Absent in a run prepared before the network mode existed: that one was fixed. */
  output?: 'fixed' | 'network';
  poolFee?: string | null;
  bonusPct: [number, number][];
  terminated: number;
};

/**
 * Why day `period` cannot be settled yet, or null when it can: a day paid from the network (the mode
 * in force at its start) needs the day's blocks, which are taken from `network` and stored first
 * (modules/network/days.ts), outside the settlement's transactions. A day the chain has not
 * completed, or a node that does not answer, makes it wait: never a guess (jobs/runner.ts, waitFor).
 */
export async function miningDayWait(context: {
  db: Db;
  period: string;
  now: Date;
  timeZone: string;
  network?: NetworkSource | null;
}): Promise<string | null> {
  const { db, period, now, timeZone } = context;
  const start = startOfDay(period, timeZone);
  if (!(await getSetting(db, 'mining.networkOutput', start))) return null;
  const end = startOfDay(addDays(period, 1), timeZone);
  return takeNetworkDay(db, context.network ?? null, period, { start, end, now });
}

async function miningDayBounds({ tx, period, now }: JobContext) {
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  const dayStart = startOfDay(period, timeZone);
  const dayEnd = startOfDay(addDays(period, 1), timeZone);
  if (dayEnd.getTime() > now.getTime()) return fail('badRequest', 'period');
  return { dayStart, dayEnd, ds: dayStart.toISOString(), de: dayEnd.toISOString() };
}

/**
 * The first step of a mining day (docs/operations.md, section 5 "Chunks"), in a transaction of its own:
 * miners whose contract ended by the end of the day become terminated, each with an expiry record;
 * the team is rolled up and the levels recomputed (they are, at each settlement), so the day's
 * bonus follows the level each member holds now. The rate in force during the day and the levels'
 * bonuses are fixed here for every chunk: a change made while the day settles does not split it.
 */
export async function prepareMiningDay(context: JobContext): Promise<MiningDayPrepared> {
  const { tx, now } = context;
  const { dayStart, de } = await miningDayBounds(context);
  // The terms in force during the day: a change takes effect at a day's start, never inside the day
  // it settles, however late the settlement runs.
  const fromNetwork = await getSetting(tx, 'mining.networkOutput', dayStart);
  let rate: string;
  let poolFee: string | null = null;
  if (fromNetwork) {
    // Taken before the run (miningDayWait): a day without its blocks is never paid by a guess.
    const day = (await storedNetworkDay(tx, context.period)) ?? fail('badRequest', 'period');
    poolFee = await getSetting(tx, 'mining.poolFee', dayStart);
    rate = (networkDayRate(day.blockList, poolFee) ?? fail('badRequest', 'period')).rate;
  } else {
    rate = await getSetting(tx, 'mining.btcPerThPerDay', dayStart);
  }
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
  await rollUpTeam(tx, now);
  await tx.execute(await recomputeLevelsSql(tx, null));
  const bonusPct = (await levelRules(tx)).map((rule) => [rule.level, rule.bonusPct] as [number, number]);
  return { rate, output: fromNetwork ? 'network' : 'fixed', poolFee, bonusPct, terminated: ended?.n ?? 0 };
}

/**
 * Pays the mining day to the members of one id range, set-based, in the chunk's transaction: every
 * member's effective hash rate (miners mining for the whole day, plus the level bonus) × the day's
 * rate is credited to their BTC earnings from `mining_output`, rounded down to the satoshi, once per
 * (member, day) (mining_outputs' key and the transfer's key: a chunk run again after a crash pays
 * nobody twice), with the member's notification of it.
 */
export async function settleMiningChunk(context: JobContext, prepared: MiningDayPrepared, range: MemberRange) {
  const { tx, period } = context;
  const { ds, de } = await miningDayBounds(context);
  // One pass aggregates the range's miners: give it memory to hash in, not sort on disk.
  await tx.execute(sql`set local work_mem = '128MB'`);
  const cases = prepared.bonusPct.map(([level, pct]) => sql`when ${level} then ${pct}::int`);
  const levelBonusPct = sql`(case u.level ${sql.join(cases, sql` `)} else 0 end)`;
  // Hash units are 10^-6 TH/s and BTC units 10^-8: satoshis = units × rate × 100, exact in numeric.
  await tx.execute(
    sql`with eligible as (
          select user_id, sum(hash_rate) as own from miners
          where user_id between ${range.from} and ${range.to}
            and start_at <= ${ds}::timestamptz and end_at >= ${de}::timestamptz
          group by user_id)
        , scored as (
          select e.user_id, e.own, (e.own * ${levelBonusPct}) / 100 as bonus
          from eligible e join users u on u.id = e.user_id and u.id between ${range.from} and ${range.to})
        , priced as (
          select user_id, own, bonus,
            floor((own + bonus)::numeric * ${prepared.rate}::numeric * 100)::bigint as btc
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
        -- Each member paid hears of the day's output, once: from what this statement recorded,
        -- not from a read of the day's outputs, which grows with every chunk before it.
        , notified as (${notifyDayInsert(
          'mining_output',
          period,
          sql`select user_id, jsonb_build_object('day', ${period}::text, 'asset', 'BTC', 'amount', ${decimalSql(sql`btc`, 'BTC')}) as params
              from recorded`,
        )} returning 1)
        select (select count(*) from moved) as moved, (select count(*) from notified) as notified`,
  );
}

/** The last step of a mining day, with the run's record: the day's figures, from what was paid. */
export async function finishMiningDay(context: JobContext, prepared: MiningDayPrepared) {
  const { tx, period, now } = context;
  const { ds, de } = await miningDayBounds(context);
  const [paid] = await queryRows<{ members: number; total: string }>(
    tx,
    sql`select count(*)::int as members, coalesce(sum(btc), 0)::text as total
        from mining_outputs where day = ${period}::date`,
  );
  const members = paid?.members ?? 0;
  const total = BigInt(paid?.total ?? 0);
  await tx.execute(
    sql`insert into settlement_days (day, btc_per_th_per_day, output, pool_fee, day_start, day_end, members, total_btc, terminated, settled_at)
        values (${period}::date, ${prepared.rate}, ${prepared.output ?? 'fixed'}, ${prepared.poolFee ?? null}, ${ds}::timestamptz,
          ${de}::timestamptz, ${members}, ${total.toString()}::bigint, ${prepared.terminated}, ${now.toISOString()}::timestamptz)`,
  );
  return {
    day: period,
    output: prepared.output ?? 'fixed',
    rate: prepared.rate,
    members,
    totalBtc: formatAmount(total, 'BTC'),
    terminated: prepared.terminated,
  };
}
