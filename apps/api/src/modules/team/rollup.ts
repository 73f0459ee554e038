import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type TxDb } from '../../db/client.ts';
import { recomputeLevelsSql } from './levels.ts';

const ROLLUP_LOCK = BigInt.asIntN(
  64,
  BigInt(`0x${createHash('sha256').update('team:rollup').digest('hex').slice(0, 16)}`),
).toString();

/** Deltas taken per pass: bounds the work table; a pass that fills it is followed by another. */
const BATCH = 1_000_000;

export type RollupResult = { deltas: number; ancestors: number; depths: number };

/**
 * Adds the queued team deltas (purchases and newcomers) to every ancestor's aggregates, in the
 * caller's transaction, one roll-up at a time (a transaction-scoped advisory lock):
 * 1. take the queued deltas (`delete … returning`: only committed ones are seen, and a delta whose
 *    purchase commits later stays queued for the next pass, so none is skipped or counted twice);
 * 2. carry them up the tree one depth at a time, deepest first, summing per (member, day) at each
 *    depth: a member's subtree change is passed to its inviter once, in the department the member
 *    sits in, however many purchases below it caused it — work is the number of distinct ancestors
 *    touched, not purchases × depth;
 * 3. add the credits to team_performance (all time), team_performance_daily (new performance per
 *    day), team_totals and team_daily_totals (rankings) in one statement, and recompute the levels
 *    of the members whose performance changed.
 */
export async function rollUpTeam(tx: TxDb, now: Date): Promise<RollupResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}::bigint)`);
  await tx.execute(
    sql`create temp table if not exists rollup_pending
          (user_id bigint not null, depth int not null, day date not null, amount bigint not null, members int not null)
        on commit drop`,
  );
  await tx.execute(
    sql`create temp table if not exists rollup_credits
          (user_id bigint not null, department smallint not null, day date not null, amount bigint not null, members int not null)
        on commit drop`,
  );
  await tx.execute(sql`create index if not exists rollup_pending_depth on rollup_pending (depth)`);

  const total: RollupResult = { deltas: 0, ancestors: 0, depths: 0 };
  for (;;) {
    await tx.execute(sql`truncate rollup_pending, rollup_credits`);
    const [taken] = await queryRows<{ n: number }>(
      tx,
      sql`with taken as (
            delete from team_deltas where id in (
              select id from team_deltas order by id limit ${BATCH} for update skip locked)
            returning user_id, day, amount, members)
          , queued as (
            insert into rollup_pending (user_id, depth, day, amount, members)
            select t.user_id, u.depth, t.day, sum(t.amount), sum(t.members)
            from taken t join users u on u.id = t.user_id
            group by t.user_id, u.depth, t.day)
          select (select count(*) from taken)::int as n`,
    );
    const deltas = taken?.n ?? 0;
    if (deltas === 0) break;
    // Fresh statistics, so that each depth's step below finds its rows by the index, not by a scan.
    await tx.execute(sql`analyze rollup_pending`);
    total.deltas += deltas;

    // Every depth from the deepest down, each once: what a step carries up lands one depth higher,
    // so the next step finds it (asking for max(depth) each time would walk the index over every
    // row already deleted from its top end, which grows with the depth).
    const [deepest] = await queryRows<{ d: number | null }>(tx, sql`select max(depth) as d from rollup_pending`);
    for (let depth = deepest?.d ?? 0; depth > 0; depth -= 1) {
      await tx.execute(
        sql`with level as (
              delete from rollup_pending where depth = ${depth} returning user_id, day, amount, members)
            , up as (
              select u.inviter_id as parent, u.department, l.day, sum(l.amount) as amount, sum(l.members) as members
              from level l join users u on u.id = l.user_id
              where u.inviter_id is not null and u.department is not null
              group by u.inviter_id, u.department, l.day)
            , credited as (
              insert into rollup_credits (user_id, department, day, amount, members)
              select parent, department, day, amount, members from up)
            insert into rollup_pending (user_id, depth, day, amount, members)
            select parent, ${depth - 1}, day, amount, members from up`,
      );
      total.depths += 1;
    }

    const [applied] = await queryRows<{ n: number }>(
      tx,
      sql`with c as (
            select user_id, department, day, sum(amount)::bigint as amount, sum(members)::int as members
            from rollup_credits group by user_id, department, day)
          , perf as (
            insert into team_performance (user_id, department, performance, members)
            select user_id, department, sum(amount), sum(members) from c group by user_id, department
            on conflict (user_id, department) do update
            set performance = team_performance.performance + excluded.performance,
                members = team_performance.members + excluded.members)
          , daily as (
            insert into team_performance_daily (day, user_id, department, amount)
            select day, user_id, department, amount from c where amount > 0
            on conflict (day, user_id, department) do update
            set amount = team_performance_daily.amount + excluded.amount)
          , totals as (
            insert into team_totals (user_id, performance, members)
            select user_id, sum(amount), sum(members) from c group by user_id
            on conflict (user_id) do update
            set performance = team_totals.performance + excluded.performance,
                members = team_totals.members + excluded.members)
          , daily_totals as (
            insert into team_daily_totals (day, user_id, amount)
            select day, user_id, sum(amount) from c where amount > 0 group by day, user_id
            on conflict (day, user_id) do update
            set amount = team_daily_totals.amount + excluded.amount)
          select count(distinct user_id)::int as n from c`,
    );
    total.ancestors += applied?.n ?? 0;
    await tx.execute(await recomputeLevelsSql(tx, sql`select distinct user_id from rollup_credits`));
    if (deltas < BATCH) break;
  }

  await tx.execute(
    sql`insert into team_rollups (id, last_run_at, deltas) values (1, ${now.toISOString()}::timestamptz, ${total.deltas})
        on conflict (id) do update set last_run_at = excluded.last_run_at, deltas = team_rollups.deltas + excluded.deltas`,
  );
  return total;
}

/** One roll-up in its own transaction (the periodic ticker, tests, benchmarks). */
export function runTeamRollup(db: Db, now: Date): Promise<RollupResult> {
  return db.transaction((tx) => rollUpTeam(tx, now));
}

/** When team figures were last brought up to date (null before the first roll-up). */
export async function lastRollupAt(db: Pick<Db, 'execute'>): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date }>(
    db,
    sql`select last_run_at as at from team_rollups where id = 1`,
  );
  return row ? new Date(row.at) : null;
}
