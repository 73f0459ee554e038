import { formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { type JobContext, type MemberRange, queryRows, type TxDb } from '../../db/client.ts';
import { creditFromSystem } from '../../ledger/bulk.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';
import { decimalSql, notifyDayInsert } from '../notifications/write.ts';

/**
 * The BTC close price (USDT per BTC) of a settled day, for the BTC part of static earnings: the close
 * of the last stored BTCUSDT candle that closed by the day's end (a 1-minute one, or an hourly one
 * for history without minutes), no older than the day; the configured fallback when there is none.
 * Every yield row records which it was: `market` (an exchange's), `simulated` or `fallback`.
 */
export async function btcClosePrice(
  tx: Pick<TxDb, 'execute' | 'select'>,
  dayEnd: string,
): Promise<{ price: string; source: 'market' | 'simulated' | 'fallback' }> {
  const [row] = await queryRows<{ close: string; source: string }>(
    tx,
    sql`select close, source from (
          (select trim_scale(close)::text as close, source, open_time + interval '1 minute' as closed_at from candles_1m
           where symbol = 'BTCUSDT' and open_time < ${dayEnd}::timestamptz
             and open_time >= ${dayEnd}::timestamptz - interval '1 day'
           order by open_time desc limit 1)
          union all
          (select trim_scale(close)::text, source, open_time + interval '1 hour' from candles_1h
           where symbol = 'BTCUSDT' and open_time <= ${dayEnd}::timestamptz - interval '1 hour'
             and open_time >= ${dayEnd}::timestamptz - interval '1 day'
           order by open_time desc limit 1)) closes
        order by closed_at desc limit 1`,
  );
  if (row) return { price: row.close, source: row.source === 'exchange' ? 'market' : 'simulated' };
  return {
    price: await getSetting(tx, 'equity.fallbackBtcPrice', new Date(new Date(dayEnd).getTime() - 1)),
    source: 'fallback',
  };
}

/** What the first step of an equity day fixed for all its chunks (kept with the run's progress). */
export type EquityDayPrepared = {
  btcShare: string;
  price: string;
  source: 'market' | 'simulated' | 'fallback';
  ended: number;
};

async function equityDayBounds({ tx, period, now }: JobContext) {
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  const dayStart = startOfDay(period, timeZone).toISOString();
  const dayEnd = startOfDay(addDays(period, 1), timeZone).toISOString();
  if (new Date(dayEnd).getTime() > now.getTime()) return fail('badRequest', 'period');
  return { dayStart, dayEnd };
}

/**
 * The first step of an equity day (docs/operations.md, section 5 "Chunks"), in the settlement's first
 * transaction: orders whose term ended by the day's end become ended; the BTC share in force during
 * the day and the day's close price are fixed for every chunk.
 */
export async function prepareEquityDay(context: JobContext): Promise<EquityDayPrepared> {
  const { tx } = context;
  const { dayStart, dayEnd } = await equityDayBounds(context);
  // The share in force during the day (changes take effect at a day's start).
  const btcShare = await getSetting(tx, 'equity.btcShare', new Date(dayStart));
  const { price, source } = await btcClosePrice(tx, dayEnd);
  const [ended] = await queryRows<{ n: number }>(
    tx,
    sql`with ended as (
          update equity_orders set status = 'ended'
          where status = 'active' and end_at <= ${dayEnd}::timestamptz returning 1)
        select count(*)::int as n from ended`,
  );
  return { btcShare, price, source, ended: ended?.n ?? 0 };
}

/**
 * Equity static earnings of one day for the members of one id range, set-based: every order active
 * for the whole day earns payment × annual yield / 100 / 365 USDT units, rounded down;
 * `equity.btcShare` of it is paid in BTC at the day's close price (rounded down to the satoshi), the
 * rest in U; both credited to the member's earnings from `yield`, once per (order, day) (a chunk run
 * again pays nobody twice). Runs in the settlement's chunk, after the mining day's (jobs/index.ts).
 */
export async function settleEquityChunk(context: JobContext, prepared: EquityDayPrepared, range: MemberRange) {
  const { tx, period } = context;
  const { dayStart, dayEnd } = await equityDayBounds(context);
  const { btcShare, price, source } = prepared;
  await tx.execute(
    sql`with earned as (
          select id, user_id, floor(payment::numeric * annual_yield_pct::numeric / 36500)::bigint as daily
          from equity_orders
          where user_id between ${range.from} and ${range.to}
            and start_at <= ${dayStart}::timestamptz and end_at >= ${dayEnd}::timestamptz)
        , split as (
          select id, user_id, daily, floor(daily::numeric * ${btcShare}::numeric)::bigint as in_btc from earned)
        , priced as (
          select id, user_id, daily - in_btc as usdt,
            floor(in_btc::numeric * 100 / ${price}::numeric)::bigint as btc
          from split)
        , recorded as (
          insert into equity_yields (order_id, day, user_id, usdt, btc, btc_price, price_source)
          select id, ${period}::date, user_id, usdt, btc, ${price}, ${source} from priced where usdt > 0 or btc > 0
          on conflict do nothing
          returning user_id, usdt, btc)
        , ${creditFromSystem({
          from: 'yield',
          to: 'earnings',
          kind: 'equity_yield',
          reference: `equity_yield:${period}`,
          keyPrefix: `equity_yield:${period}:`,
          legs: sql`select user_id, 'USDT' as asset, sum(usdt)::bigint as amount, user_id::text || ':USDT' as leg
            from recorded group by user_id having sum(usdt) > 0
            union all
            select user_id, 'BTC', sum(btc)::bigint, user_id::text || ':BTC' from recorded group by user_id having sum(btc) > 0`,
        })}
        -- One notification per member of the day's dividends, all their orders together (a
        -- member's orders are all in their chunk), from what this statement recorded.
        , notified as (${notifyDayInsert(
          'equity_yield',
          period,
          sql`select user_id, jsonb_build_object('day', ${period}::text, 'usdt', ${decimalSql(sql`sum(usdt)`, 'USDT')},
                'btc', ${decimalSql(sql`sum(btc)`, 'BTC')}) as params
              from recorded group by user_id`,
        )} returning 1)
        select (select count(*) from moved) as moved, (select count(*) from notified) as notified`,
  );
}

/** The last step of an equity day, with the run's record: the day's figures, from what was paid. */
export async function finishEquityDay({ tx, period }: JobContext, prepared: EquityDayPrepared) {
  const [paid] = await queryRows<{ orders: number; usdt: string; btc: string }>(
    tx,
    sql`select count(*)::int as orders, coalesce(sum(usdt), 0)::text as usdt, coalesce(sum(btc), 0)::text as btc
        from equity_yields where day = ${period}::date`,
  );
  return {
    equityOrders: paid?.orders ?? 0,
    equityUsdt: formatAmount(BigInt(paid?.usdt ?? 0), 'USDT'),
    equityBtc: formatAmount(BigInt(paid?.btc ?? 0), 'BTC'),
    equityEnded: prepared.ended,
    btcPrice: prepared.price,
    btcPriceSource: prepared.source,
  };
}
