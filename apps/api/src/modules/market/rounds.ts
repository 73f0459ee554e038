import { ROUND_PERIODS } from '@minecloud/contract/market';
import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, queryRows, type TxDb } from '../../db/client.ts';
import { getSetting } from '../config/settings.ts';

/**
 * Up/down rounds (docs/economy.md, "Up/down rounds"), run after every ingestion:
 * 1. every round of 1 and 3 minutes that has ended since the newest one stored (at most the minute
 *    window back) is created, pending;
 * 2. every pending round whose first and last 1-minute candles are stored gets its open (the first
 *    candle's open), close (the last candle's close) and result, in one conditional update:
 *    `result is null` makes it happen exactly once, however many processes run this at once.
 * A round whose candle is missing stays pending; nothing is ever guessed.
 */

export type RoundsReport = { created: number; settled: number };

export async function settleRounds(db: Db, now: Date, options: { minuteDays: number }): Promise<RoundsReport> {
  // One runner at a time (the others wait, then find nothing left to do): no two updates of the
  // same pending rounds can deadlock each other.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey('market:rounds')}::bigint)`);
    return settleRoundsLocked(tx, now, options);
  });
}

async function settleRoundsLocked(db: TxDb, now: Date, options: { minuteDays: number }): Promise<RoundsReport> {
  const symbol = await getSetting(db, 'market.roundSymbol');
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const report: RoundsReport = { created: 0, settled: 0 };
  for (const period of ROUND_PERIODS) {
    const step = period * 60_000;
    const lastStart = Math.floor(now.getTime() / step) * step - step;
    const earliest = Math.ceil((now.getTime() - options.minuteDays * 86_400_000) / step) * step;
    const [created] = await queryRows<{ n: number }>(
      db,
      sql`with bounds as (
            select greatest(${new Date(earliest).toISOString()}::timestamptz,
              coalesce((select max(start_at) from rounds where period = ${period}) + ${`${period} minutes`}::interval, '-infinity')) as first)
          , added as (
            insert into rounds (period, start_at, end_at, period_no, symbol)
            select ${period}, s, s + ${`${period} minutes`}::interval,
              to_char(s at time zone ${timeZone}, 'YYYYMMDD')::bigint * 10000
                + (extract(epoch from (s at time zone ${timeZone}) - date_trunc('day', s at time zone ${timeZone}))::bigint / 60) / ${period} + 1,
              ${symbol}
            from bounds, generate_series(bounds.first, ${new Date(lastStart).toISOString()}::timestamptz, ${`${period} minutes`}::interval) s
            on conflict do nothing
            returning 1)
          select count(*)::int as n from added`,
    );
    report.created += created?.n ?? 0;
  }
  const [settled] = await queryRows<{ n: number }>(
    db,
    sql`with settled as (
          update rounds r set open_price = o.open, close_price = c.close, source = c.source, settled_at = ${now.toISOString()},
            result = case when c.close > o.open then 'up' when c.close < o.open then 'down' else 'flat' end
          from candles_1m o, candles_1m c
          where r.result is null and o.symbol = r.symbol and o.open_time = r.start_at
            and c.symbol = r.symbol and c.open_time = r.end_at - interval '1 minute'
          returning 1)
        select count(*)::int as n from settled`,
  );
  report.settled = settled?.n ?? 0;
  return report;
}
