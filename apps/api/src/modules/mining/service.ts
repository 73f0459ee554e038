import { formatAmount } from '@minecloud/contract/amount';
import { applyRate, percentOf } from '@minecloud/contract/decimal';
import {
  dailySatoshis,
  formatHashRate,
  type MinerStatus,
  type MyMiner,
  type PowerRecord,
} from '@minecloud/contract/miner';
import { sql } from 'drizzle-orm';
import { type Db, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { dayOf, daysBefore, startOfDay } from '../../lib/calendar.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { levelBonusPctSql } from '../team/levels.ts';
import { stockSql } from './stock.ts';

type Reader = Pick<Db, 'execute'>;
type Page = { pageNo: number; pageSize: number };

/** The member's hash rate per unit of a product, and the part burned, at a burn rate. */
export function splitHashRate(productHash: bigint, burnRate: string) {
  const burned = applyRate(productHash, burnRate);
  return { kept: productHash - burned, burned };
}

/**
 * The rate a member's estimate of daily output uses: the fixed rate in force now; in the network
 * mode, the last settled network day's (none yet: 0, with no day). What the estimate says it is.
 */
export async function estimateRate(
  db: Reader,
  now: Date,
): Promise<{ rate: string; output: 'fixed' | 'network'; day: string | null }> {
  if (!(await getSetting(db as Db, 'mining.networkOutput', now))) {
    return { rate: await getSetting(db as Db, 'mining.btcPerThPerDay', now), output: 'fixed', day: null };
  }
  const [last] = await queryRows<{ day: string; rate: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, btc_per_th_per_day as rate from settlement_days
        where output = 'network' order by day desc limit 1`,
  );
  return { rate: last?.rate ?? '0', output: 'network', day: last?.day ?? null };
}

export async function productList(db: Reader, page: Page, now: Date) {
  const burnRate = await getSetting(db as Db, 'mining.burnRate', now);
  const estimate = await estimateRate(db, now);
  const [rows, count] = await Promise.all([
    queryRows<{
      id: string;
      name: string;
      image: string;
      hash_rate: string;
      price: string;
      duration_days: number;
      stock: number;
      min_quantity: number;
    }>(
      db,
      sql`select id, name, image, hash_rate::text, price::text, duration_days,
            ${stockSql(sql`miner_products.id`)} as stock, min_quantity
          from miner_products where active order by sort, id
          ${pageClause(page)}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from miner_products where active`),
  ]);
  return {
    list: rows.map((r) => {
      const { kept } = splitHashRate(BigInt(r.hash_rate), burnRate);
      return {
        id: String(r.id),
        name: r.name,
        image: r.image,
        hashRate: formatHashRate(BigInt(r.hash_rate)),
        keptHashRate: formatHashRate(kept),
        burnRatePct: percentOf(burnRate),
        price: formatAmount(BigInt(r.price), 'USDT'),
        durationDays: r.duration_days,
        stock: r.stock,
        minQuantity: r.min_quantity,
        dailyOutputBtc: formatAmount(dailySatoshis(kept, estimate.rate), 'BTC'),
        dailyOutputBasis: { output: estimate.output, day: estimate.day },
      };
    }),
    total: count[0]?.n ?? 0,
  };
}

/** A miner's status as a member sees it: terminated once its end has passed, even before settlement. */
const statusSql = (now: string) =>
  sql`case when m.status = 'terminated' or m.end_at <= ${now}::timestamptz then 'terminated' else 'mining' end`;

export async function myMiners(
  db: Reader,
  userId: AuthorizedUserId,
  page: Page & { status?: MinerStatus | undefined },
  now: Date,
): Promise<{ list: MyMiner[]; total: number }> {
  const at = now.toISOString();
  const filter =
    page.status === 'mining'
      ? sql`and m.status = 'mining' and m.end_at > ${at}::timestamptz`
      : page.status === 'terminated'
        ? sql`and (m.status = 'terminated' or m.end_at <= ${at}::timestamptz)`
        : sql``;
  const [rows, count] = await Promise.all([
    queryRows<{
      id: string;
      name: string;
      image: string;
      hash_rate: string;
      status: MinerStatus;
      start_at: string | Date;
      end_at: string | Date;
      output: string;
    }>(
      db,
      sql`select m.id, p.name, p.image, m.hash_rate::text, ${statusSql(at)} as status, m.start_at, m.end_at,
            coalesce((select sum(floor(m.hash_rate::numeric * d.btc_per_th_per_day::numeric * 100))
              from settlement_days d where d.day_start >= m.start_at and d.day_end <= m.end_at), 0)::text as output
          from miners m join miner_products p on p.id = m.product_id
          where m.user_id = ${userId} ${filter}
          order by ${newestFirst('m', 'start_at')}
          ${pageClause(page)}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from miners m where m.user_id = ${userId} ${filter}`),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      productName: r.name,
      image: r.image,
      hashRate: formatHashRate(BigInt(r.hash_rate)),
      status: r.status,
      startAt: new Date(r.start_at).toISOString(),
      endAt: new Date(r.end_at).toISOString(),
      outputBtc: formatAmount(BigInt(r.output), 'BTC'),
    })),
    total: count[0]?.n ?? 0,
  };
}

/** A member's live own hash rate (miners mining now) and level bonus on it. */
export async function hashRateOf(db: Reader, userId: number, now: Date) {
  const levelBonusPct = await levelBonusPctSql(db as Db);
  const [row] = await queryRows<{ own: string; bonus: string }>(
    db,
    sql`select coalesce(sum(m.hash_rate), 0)::text as own,
          (coalesce(sum(m.hash_rate), 0) * (select ${levelBonusPct} from users u where u.id = ${userId}) / 100)::bigint::text as bonus
        from miners m
        where m.user_id = ${userId} and m.status = 'mining' and m.end_at > ${now.toISOString()}::timestamptz`,
  );
  return { own: BigInt(row?.own ?? 0), bonus: BigInt(row?.bonus ?? 0) };
}

export async function powerRecords(
  db: Reader,
  userId: AuthorizedUserId,
  page: Page & { source?: 'own' | 'bonus' | undefined },
  now: Date,
) {
  const filter = page.source ? sql`and source = ${page.source}` : sql``;
  const [rows, count, rate] = await Promise.all([
    queryRows<{
      id: string;
      source: PowerRecord['source'];
      kind: PowerRecord['kind'];
      quantity: string;
      direction: PowerRecord['direction'];
      release_at: string | Date;
    }>(
      db,
      sql`select id, source, kind, quantity::text, direction, release_at from power_records
          where user_id = ${userId} ${filter}
          order by ${newestFirst('power_records', 'release_at')} ${pageClause(page)}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from power_records where user_id = ${userId} ${filter}`),
    hashRateOf(db, userId, now),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      source: r.source,
      kind: r.kind,
      quantity: formatHashRate(BigInt(r.quantity)),
      direction: r.direction,
      releaseAt: new Date(r.release_at).toISOString(),
    })),
    total: count[0]?.n ?? 0,
    own: formatHashRate(rate.own),
    bonus: formatHashRate(rate.bonus),
  };
}

/** Network totals: live hash rate and miners, and everything ever burned. */
export async function poolPower(db: Reader, now: Date) {
  const [row] = await queryRows<{ total: string; miners: number; burned: string }>(
    db,
    sql`select
          (select coalesce(sum(hash_rate), 0) from miners where status = 'mining' and end_at > ${now.toISOString()}::timestamptz)::text as total,
          (select count(*)::int from miners where status = 'mining' and end_at > ${now.toISOString()}::timestamptz) as miners,
          (select coalesce(sum(quantity), 0) from power_records where kind = 'burn')::text as burned`,
  );
  return {
    totalHashRate: formatHashRate(BigInt(row?.total ?? 0)),
    burnedHashRate: formatHashRate(BigInt(row?.burned ?? 0)),
    miners: row?.miners ?? 0,
  };
}

/** The black hole: all hash rate ever burned, and what was burned since today's start. */
export async function blackHole(db: Reader, now: Date) {
  const timeZone = await getSetting(db as Db, 'settlement.timeZone');
  const todayStart = startOfDay(dayOf(now, timeZone), timeZone).toISOString();
  const [row] = await queryRows<{ total: string; today: string }>(
    db,
    sql`select coalesce(sum(quantity), 0)::text as total,
          coalesce(sum(quantity) filter (where release_at >= ${todayStart}::timestamptz), 0)::text as today
        from power_records where kind = 'burn'`,
  );
  return {
    burnedHashRate: formatHashRate(BigInt(row?.total ?? 0)),
    burnedToday: formatHashRate(BigInt(row?.today ?? 0)),
  };
}

/** The member's output per day for the last `days` settled days, a zero for a day without output. */
export async function dailyOutput(db: Reader, userId: AuthorizedUserId, days: number, now: Date) {
  const timeZone = await getSetting(db as Db, 'settlement.timeZone');
  const listed = daysBefore(dayOf(now, timeZone), days);
  const range = sql`between ${listed[0]}::date and ${listed.at(-1)}::date`;
  const [rows, settled] = await Promise.all([
    queryRows<{ day: string; btc: string; hash: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, btc::text, (own_hash + bonus_hash)::text as hash
          from mining_outputs where user_id = ${userId} and day ${range}`,
    ),
    queryRows<{ day: string; output: 'fixed' | 'network'; rate: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, output, btc_per_th_per_day as rate from settlement_days where day ${range}`,
    ),
  ]);
  const settledDays = new Map(settled.map((r) => [r.day, { output: r.output, rate: r.rate }]));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    list: listed.map((day) => {
      const row = byDay.get(day);
      return {
        day,
        btc: formatAmount(BigInt(row?.btc ?? 0), 'BTC'),
        hashRate: formatHashRate(BigInt(row?.hash ?? 0)),
        settled: settledDays.get(day) ?? null,
      };
    }),
  };
}
