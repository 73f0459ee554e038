import { formatAmount } from '@minecloud/contract/amount';
import { difficultyOfBits } from '@minecloud/contract/network-day';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { addDays, dayOf } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';

type DayRow = {
  day: string;
  source: 'node' | 'simulated';
  first_height: number;
  last_height: number;
  blocks: number;
  subsidy: string;
  fees: string;
  work: string;
  btc_per_th: string;
  low_bits: string;
  high_bits: string;
  output: 'fixed' | 'network' | null;
  rate: string | null;
  pool_fee: string | null;
  members: number | null;
  total_btc: string | null;
};

// Compact bits order as their targets do (the exponent first, then the mantissa), and as text too:
// the day's highest bits are its easiest block, the lowest difficulty.
const DAYS_SQL = sql`select to_char(n.day, 'YYYY-MM-DD') as day, n.source, n.first_height, n.last_height, n.blocks,
    n.subsidy::text, n.fees::text, n.work::text, n.btc_per_th,
    (select b.bits from network_blocks b where b.day = n.day order by b.bits desc limit 1) as low_bits,
    (select b.bits from network_blocks b where b.day = n.day order by b.bits asc limit 1) as high_bits,
    s.output, s.btc_per_th_per_day as rate, s.pool_fee, s.members, s.total_btc::text
  from network_days n left join settlement_days s on s.day = n.day`;

function summary(row: DayRow) {
  return {
    day: row.day,
    source: row.source,
    firstHeight: row.first_height,
    lastHeight: row.last_height,
    blocks: row.blocks,
    subsidy: formatAmount(BigInt(row.subsidy), 'BTC'),
    fees: formatAmount(BigInt(row.fees), 'BTC'),
    difficulty: { low: difficultyOfBits(row.low_bits), high: difficultyOfBits(row.high_bits) },
    work: row.work,
    btcPerTh: row.btc_per_th,
    settled:
      row.output && row.rate !== null
        ? {
            output: row.output,
            rate: row.rate,
            poolFee: row.pool_fee,
            members: row.members ?? 0,
            totalBtc: formatAmount(BigInt(row.total_btc ?? 0), 'BTC'),
          }
        : null,
  };
}

/** The stored network days of the `days` days up to yesterday (settlement time zone), oldest first. */
export async function networkDayList(db: Db, days: number, now: Date) {
  const yesterday = addDays(dayOf(now, await getSetting(db, 'settlement.timeZone')), -1);
  const rows = await queryRows<DayRow>(
    db,
    sql`${DAYS_SQL} where n.day between ${addDays(yesterday, 1 - days)}::date and ${yesterday}::date order by n.day`,
  );
  return { list: rows.map(summary) };
}

/** One stored network day with its blocks, in height order; `notFound` for a day not taken. */
export async function networkDayAnswer(db: Db, day: string) {
  const [row] = await queryRows<DayRow>(db, sql`${DAYS_SQL} where n.day = ${day}::date`);
  if (!row) return fail('notFound', 'day');
  const blocks = await queryRows<{
    height: number;
    hash: string;
    time: string;
    bits: string;
    subsidy: string;
    fees: string;
  }>(
    db,
    sql`select height, hash, extract(epoch from time)::bigint::text as time, bits, subsidy::text, fees::text
        from network_blocks where day = ${day}::date order by height`,
  );
  return { ...summary(row), blockList: blocks.map((block) => ({ ...block, time: Number(block.time) })) };
}
