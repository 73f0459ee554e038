import { shortenAddress } from '@minecloud/contract/address';
import { formatAmount, parseAmount } from '@minecloud/contract/amount';
import type { PoolCurrent, PoolRound } from '@minecloud/contract/team';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberUnits } from '../asset/amounts.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';

type Reader = Pick<Db, 'execute'>;
const gold = (units: string | bigint | null | undefined) => formatAmount(BigInt(units ?? 0), 'GOLD');
const u = (units: string | bigint | null | undefined) => formatAmount(BigInt(units ?? 0), 'USDT');

/**
 * The round a contribution made on `day` belongs to, as SQL evaluated inside the inserting
 * statement: `day`, unless that round is already settled (a transaction that began before midnight
 * and committed after its round closed), then the first round still open. The pool job locks
 * pool_contributions before it reads them, so no contribution lands in a round behind its back.
 */
export const openRoundSql = (day: string): SQL =>
  sql`greatest(${day}::date, coalesce((select max(day) + 1 from pool_rounds), ${day}::date))`;

/** Gold coins carried into round `day`: the last settled round's rollover plus unsettled earlier funding. */
export async function rolloverInto(db: Reader, day: string): Promise<bigint> {
  const [row] = await queryRows<{ carried: string }>(
    db,
    sql`with last as (select day, rollover_out from pool_rounds where day < ${day}::date order by day desc limit 1)
        select ((select coalesce(sum(rollover_out), 0) from last)
          + (select coalesce(sum(amount), 0) from pool_contributions
             where day < ${day}::date and day > coalesce((select day from last), '-infinity'::date)))::text as carried`,
  );
  return BigInt(row?.carried ?? 0);
}

export async function fundedIn(db: Reader, day: string): Promise<bigint> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as n from pool_contributions where day = ${day}::date`,
  );
  return BigInt(row?.n ?? 0);
}

/**
 * The participants of round `day` in ranking order: new team performance of the day (rolled up),
 * then who forged first, then member id.
 */
export const rankingSql = (day: string) =>
  sql`select e.user_id, u.address, e.forged, coalesce(t.amount, 0) as performance,
        row_number() over (order by coalesce(t.amount, 0) desc, e.first_at, e.user_id)::int as rank
      from pool_entries e
      join users u on u.id = e.user_id
      left join team_daily_totals t on t.day = e.day and t.user_id = e.user_id
      where e.day = ${day}::date`;

/** The winning places' weights in force at `at` (a round's: its day's start). */
export async function weightsOf(db: Db, at = new Date()) {
  const winners = await getSetting(db, 'pool.winners', at);
  const weights = (await getSetting(db, 'pool.weights', at)).slice(0, winners);
  return weights;
}

export async function currentPool(db: Db, userId: number | null, now: Date): Promise<PoolCurrent> {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const day = dayOf(now, timeZone);
  const weights = await weightsOf(db);
  const [rollover, funded, ranking, count, mine, team] = await Promise.all([
    rolloverInto(db, day),
    fundedIn(db, day),
    queryRows<{ address: string; forged: string; performance: string; rank: number }>(
      db,
      sql`select address, forged::text, performance::text, rank from (${rankingSql(day)}) r order by rank limit 20`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from pool_entries where day = ${day}::date`),
    userId
      ? queryRows<{ forged: string; rank: number }>(
          db,
          sql`select forged::text, rank from (${rankingSql(day)}) r where user_id = ${userId}`,
        )
      : Promise.resolve([]),
    userId
      ? queryRows<{ amount: string }>(
          db,
          sql`select amount::text from team_daily_totals where day = ${day}::date and user_id = ${userId}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    day,
    pool: gold(rollover + funded),
    rolloverIn: gold(rollover),
    funded: gold(funded),
    endsAt: startOfDay(addDays(day, 1), timeZone).toISOString(),
    minForge: await getSetting(db, 'pool.minForge'),
    winners: weights.length,
    weights,
    participants: count[0]?.n ?? 0,
    ranking: ranking.map((r) => ({
      rank: r.rank,
      address: shortenAddress(r.address),
      newPerformance: u(r.performance),
      forged: gold(r.forged),
      weightPct: weights[r.rank - 1] ?? 0,
    })),
    myForged: gold(mine[0]?.forged),
    myRank: mine[0]?.rank ?? null,
    myNewPerformance: u(team[0]?.amount),
  };
}

/** Forges gold coins into today's round: at least `pool.minForge`, from the member's available gold. */
export async function forge(
  tx: TxDb,
  userId: AuthorizedUserId,
  body: { amount?: string | undefined },
  legKey: (leg: string) => string,
  now: Date,
) {
  if (!body.amount) return fail('enterForgeAmount');
  const forged = memberUnits(body.amount, 'GOLD', 'amount');
  const minText = await getSetting(tx, 'pool.minForge');
  const min = parseAmount(minText, 'GOLD');
  if (min.ok && forged < min.units) return failWith('belowMinForge', { min: minText });
  const day = dayOf(now, await getSetting(tx, 'settlement.timeZone'));
  const at = now.toISOString();
  const [transferId] = await post(tx, {
    asset: 'GOLD',
    from: userAccount(userId),
    to: systemAccount('prize_pool'),
    amount: forged,
    kind: 'pool_forge',
    reference: 'pool:forge',
    idempotencyKey: legKey('forge'),
  });
  const amount = forged.toString();
  const [row] = await queryRows<{ id: string; forged: string }>(
    tx,
    sql`with c as (
          insert into pool_contributions (day, kind, user_id, amount, transfer_id, reference, created_at)
          values (${openRoundSql(day)}, 'forge', ${userId}, ${amount}::bigint, ${transferId}, 'pool:forge', ${at}::timestamptz)
          returning id, day)
        , e as (
          insert into pool_entries (day, user_id, forged, first_at)
          select day, ${userId}, ${amount}::bigint, ${at}::timestamptz from c
          on conflict (day, user_id) do update set forged = pool_entries.forged + excluded.forged
          returning forged)
        select (select id::text from c) as id, (select forged::text from e) as forged`,
  );
  return { forgeId: String(row!.id), forged: gold(row!.forged), transferId: String(transferId) };
}

export async function poolHistory(db: Db, page: { pageNo: number; pageSize: number }) {
  const [rounds, count] = await Promise.all([
    queryRows<{
      day: string | Date;
      pool: string;
      rollover_in: string;
      funded: string;
      paid: string;
      rounding: string;
      rollover_out: string;
      participants: number;
      weights: string;
      settled_at: string | Date;
    }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, pool::text, rollover_in::text, funded::text, paid::text,
            rounding::text, rollover_out::text, participants, weights, settled_at
          from pool_rounds order by pool_rounds.day desc ${pageClause(page)}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from pool_rounds`),
  ]);
  const days = rounds.map((r) => String(r.day));
  const entries = days.length
    ? await queryRows<{
        day: string;
        rank: number;
        address: string;
        new_performance: string;
        forged: string;
        weight_pct: number | null;
        amount: string | null;
        transfer_id: string | null;
      }>(
        db,
        sql`select * from (
              select to_char(e.day, 'YYYY-MM-DD') as day, e.rank, u.address, e.new_performance::text, e.forged::text,
                e.weight_pct, e.amount::text, e.transfer_id::text,
                row_number() over (partition by e.day order by e.rank) as n
              from pool_entries e join users u on u.id = e.user_id
              where e.day in (${sql.join(
                days.map((d) => sql`${d}::date`),
                sql`, `,
              )}) and e.rank is not null) x
            where n <= 20 order by day desc, rank`,
      )
    : [];
  const list: PoolRound[] = rounds.map((r) => ({
    day: String(r.day),
    pool: gold(r.pool),
    rolloverIn: gold(r.rollover_in),
    funded: gold(r.funded),
    paid: gold(r.paid),
    rounding: gold(r.rounding),
    rolloverOut: gold(r.rollover_out),
    participants: r.participants,
    weights: JSON.parse(r.weights) as number[],
    settledAt: new Date(r.settled_at).toISOString(),
    ranking: entries
      .filter((e) => e.day === String(r.day))
      .map((e) => ({
        rank: e.rank,
        address: shortenAddress(e.address),
        newPerformance: u(e.new_performance),
        forged: gold(e.forged),
        weightPct: e.weight_pct ?? 0,
        amount: gold(e.amount),
        transferId: e.transfer_id,
      })),
  }));
  return { list, total: count[0]?.n ?? 0 };
}
