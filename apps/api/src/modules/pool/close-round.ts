import { formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { type JobContext, queryRows } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';
import { notify } from '../notifications/write.ts';
import { rollUpTeam } from '../team/rollup.ts';
import { fundedIn, rankingSql, rolloverInto, weightsOf } from './service.ts';

/**
 * Closes one prize-pool round (docs/economy.md, "Prize pool"), in the runner's transaction, so at
 * most once per day:
 * 1. no contribution can join the round any more (pool_contributions locked until commit), and the
 *    team roll-up brings the day's new performance up to date;
 * 2. pool = carried in + funded that day; every participant's place is frozen (new team performance,
 *    then who forged first, then member id);
 * 3. the top places get ⌊pool × weight / 100⌋ each, a ledger transfer from the prize pool; the
 *    sub-unit remainder of the places that were filled goes to `rounding`; the weights of empty
 *    places (and what the weights leave of 100) stay in the pool for the next round.
 */
export async function closeRound({ tx, period, now }: JobContext) {
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  if (startOfDay(addDays(period, 1), timeZone).getTime() > now.getTime()) return fail('badRequest', 'period');
  await tx.execute(sql`lock table pool_contributions in share mode`);
  const [later] = await queryRows<{ day: string }>(
    tx,
    sql`select day::text from pool_rounds where day >= ${period}::date limit 1`,
  );
  // Rounds close in order: a later round already closed has carried this day's funding over.
  if (later) return fail('badRequest', 'period');
  await rollUpTeam(tx, now);

  const rolloverIn = await rolloverInto(tx, period);
  const funded = await fundedIn(tx, period);
  const pool = rolloverIn + funded;
  // The weights in force during the round's day: changes take effect at a day's start.
  const weights = await weightsOf(tx, startOfDay(period, timeZone));

  const ranked = await queryRows<{ user_id: string; rank: number; performance: string }>(
    tx,
    sql`with ranked as (${rankingSql(period)})
        update pool_entries e set rank = r.rank, new_performance = r.performance
        from ranked r where e.day = ${period}::date and e.user_id = r.user_id
        returning e.user_id::text, e.rank, e.new_performance::text as performance`,
  );
  ranked.sort((a, b) => a.rank - b.rank);

  let paid = 0n;
  let filledWeight = 0n;
  for (const entry of ranked.slice(0, weights.length)) {
    const weight = weights[entry.rank - 1] ?? 0;
    filledWeight += BigInt(weight);
    const amount = (pool * BigInt(weight)) / 100n;
    let transferId: number | null = null;
    if (amount > 0n) {
      [transferId] = await post(tx, {
        asset: 'GOLD',
        from: systemAccount('prize_pool'),
        to: userAccount(Number(entry.user_id)),
        amount,
        kind: 'pool_payout',
        reference: `pool:${period}:${entry.rank}`,
        idempotencyKey: `pool:${period}:${entry.rank}`,
      });
      paid += amount;
      await notify(tx, Number(entry.user_id), {
        kind: 'pool_payout',
        params: { day: period, asset: 'GOLD', amount: formatAmount(amount, 'GOLD'), rank: String(entry.rank) },
      });
    }
    await tx.execute(
      sql`update pool_entries set weight_pct = ${weight}, amount = ${amount.toString()}::bigint, transfer_id = ${transferId}
          where day = ${period}::date and user_id = ${entry.user_id}::bigint`,
    );
  }
  const distributed = (pool * filledWeight) / 100n;
  const rounding = distributed - paid;
  if (rounding > 0n) {
    await post(tx, {
      asset: 'GOLD',
      from: systemAccount('prize_pool'),
      to: systemAccount('rounding'),
      amount: rounding,
      kind: 'rounding',
      reference: `pool:${period}`,
      idempotencyKey: `pool:${period}:rounding`,
    });
  }
  const rolloverOut = pool - distributed;
  await tx.execute(
    sql`insert into pool_rounds (day, rollover_in, funded, pool, paid, rounding, rollover_out, participants, weights, settled_at)
        values (${period}::date, ${rolloverIn.toString()}::bigint, ${funded.toString()}::bigint, ${pool.toString()}::bigint,
          ${paid.toString()}::bigint, ${rounding.toString()}::bigint, ${rolloverOut.toString()}::bigint, ${ranked.length},
          ${JSON.stringify(weights)}, ${now.toISOString()}::timestamptz)`,
  );
  const g = (n: bigint) => formatAmount(n, 'GOLD');
  return {
    day: period,
    pool: g(pool),
    paid: g(paid),
    rounding: g(rounding),
    rolloverOut: g(rolloverOut),
    participants: ranked.length,
  };
}
