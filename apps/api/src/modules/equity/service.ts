import { formatAmount, parsePositiveAmount } from '@minecloud/contract/amount';
import { percentOf } from '@minecloud/contract/decimal';
import type { EquityOrder, EquityOrderStatus, EquityRound } from '@minecloud/contract/equity';
import { sql } from 'drizzle-orm';
import { type Db, newestFirst, nextId, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { systemAccount, type UserAccountKind, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { addDays, dayOf, daysBefore, startOfDay } from '../../lib/calendar.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberUnits } from '../asset/amounts.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { recordPurchase, referralLegs, referralRewards } from '../team/purchase.ts';

type Reader = Pick<Db, 'execute'>;

export type RoundRow = {
  id: string;
  total_shares: number;
  shares_remaining: number;
  price_per_share: string;
  annual_yield_pct: string;
  min_quantity: number;
  term_days: number;
};

const openRound = (db: Reader, lock = false) =>
  queryRows<RoundRow>(
    db,
    sql`select id, total_shares, shares_remaining, price_per_share::text, annual_yield_pct, min_quantity, term_days
        from equity_rounds where open ${lock ? sql`for update` : sql``}`,
  ).then((rows) => rows[0]);

export async function currentRound(db: Db): Promise<EquityRound | null> {
  const round = await openRound(db);
  if (!round) return null;
  return {
    id: String(round.id),
    totalShares: round.total_shares,
    sharesRemaining: round.shares_remaining,
    pricePerShare: formatAmount(BigInt(round.price_per_share), 'USDT'),
    annualYieldPct: round.annual_yield_pct,
    minQuantity: round.min_quantity,
    termDays: round.term_days,
    btcSharePct: percentOf(await getSetting(db, 'equity.btcShare')),
    minReinvestU: await getSetting(db, 'equity.minReinvestU'),
    tradingOpen: await getSetting(db, 'equity.tradingOpen'),
    repurchaseOpen: await getSetting(db, 'equity.repurchaseOpen'),
  };
}

/**
 * Takes `quantity` shares of the open round and pays for them from one of the member's USDT
 * accounts, in the caller's transaction: shares first (never below zero: the conditional update),
 * then one ledger entry with the payment to the treasury and the referral rewards, the order (active
 * for the round's term in whole settlement days after today), and the team's rows.
 */
async function takeShares(
  tx: TxDb,
  userId: AuthorizedUserId,
  round: RoundRow,
  quantity: number,
  from: UserAccountKind,
  legKey: (leg: string) => string,
  now: Date,
) {
  const taken = await queryRows<{ id: string }>(
    tx,
    sql`update equity_rounds set shares_remaining = shares_remaining - ${quantity}
        where id = ${round.id} and open and shares_remaining >= ${quantity} returning id`,
  );
  if (taken.length === 0) {
    const [left] = await queryRows<{ n: number }>(
      tx,
      sql`select shares_remaining as n from equity_rounds where id = ${round.id}`,
    );
    return failWith('notEnoughShares', { left: left?.n ?? 0 });
  }
  const price = BigInt(round.price_per_share);
  const payment = price * BigInt(quantity);
  const source = from === 'available' ? 'buy' : 'reinvest';
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  const today = dayOf(now, timeZone);
  const endAt = startOfDay(addDays(today, 1 + round.term_days), timeZone);
  const at = now.toISOString();
  // The order's id comes first, so that the purchase's entry names it.
  const orderId = await nextId(tx, 'equity_orders_id_seq');
  const purchase = { userId, paid: payment, day: today, at, reference: `equity_order:${orderId}` };
  const rewards = await referralRewards(tx, purchase);
  // One entry (docs/architecture.md, "The journal"): the payment and the referral rewards.
  const [transferId, ...rewardIds] = await post(tx, {
    kind: 'equity_purchase',
    idempotencyKey: legKey('purchase'),
    reference: purchase.reference,
    legs: [
      {
        asset: 'USDT',
        from: userAccount(userId, from),
        to: systemAccount('treasury'),
        amount: payment,
        reference: `equity:${source}:${round.id}:${quantity}`,
        key: legKey('pay'),
      },
      ...referralLegs(rewards, legKey),
    ],
  });
  await tx.execute(
    sql`insert into equity_orders (id, user_id, round_id, quantity, price_per_share, payment, annual_yield_pct, source,
          status, transfer_id, start_at, end_at)
        overriding system value
        values (${orderId}, ${userId}, ${round.id}, ${quantity}, ${price.toString()}::bigint, ${payment.toString()}::bigint,
          ${round.annual_yield_pct}, ${source}, 'active', ${transferId}, ${at}::timestamptz, ${endAt.toISOString()}::timestamptz)`,
  );
  await recordPurchase(tx, { ...purchase, source: `equity_${source}` }, rewards, rewardIds);
  return { orderId: String(orderId), quantity, payment: formatAmount(payment, 'USDT') };
}

export async function buyShares(
  tx: TxDb,
  userId: AuthorizedUserId,
  input: { quantity?: number | undefined },
  legKey: (leg: string) => string,
  now: Date,
) {
  if (!input.quantity) return fail('enterQuantity');
  const round = await openRound(tx);
  if (!round) return fail('roundClosed');
  if (input.quantity < round.min_quantity) return failWith('belowMinQuantity', { min: round.min_quantity });
  return takeShares(tx, userId, round, input.quantity, 'available', legKey, now);
}

/** Whole shares bought with USDT earnings: at least `equity.minReinvestU`; the remainder stays. */
export async function reinvest(
  tx: TxDb,
  userId: AuthorizedUserId,
  input: { amount?: string | undefined },
  legKey: (leg: string) => string,
  now: Date,
) {
  if (!input.amount) return fail('enterUsdtAmount');
  const units = memberUnits(input.amount, 'USDT');
  const minimumText = await getSetting(tx, 'equity.minReinvestU');
  const minimum = parsePositiveAmount(minimumText, 'USDT');
  if (minimum.ok && units < minimum.units) return failWith('belowMinReinvest', { min: minimumText });
  const round = await openRound(tx);
  if (!round) return fail('roundClosed');
  const quantity = units / BigInt(round.price_per_share);
  if (quantity < BigInt(round.min_quantity)) {
    return failWith('belowMinReinvest', {
      min: formatAmount(BigInt(round.price_per_share) * BigInt(round.min_quantity), 'USDT'),
    });
  }
  return takeShares(tx, userId, round, Number(quantity), 'earnings', legKey, now);
}

type OrderRow = {
  id: string;
  quantity: number;
  payment: string;
  price_per_share: string;
  annual_yield_pct: string;
  source: 'buy' | 'reinvest';
  status: EquityOrderStatus;
  start_at: string | Date;
  end_at: string | Date;
};

const orderStatusSql = (at: string) =>
  sql`case when o.status = 'ended' or o.end_at <= ${at}::timestamptz then 'ended' else 'active' end`;

function orderOf(r: OrderRow): EquityOrder {
  return {
    id: String(r.id),
    quantity: r.quantity,
    payment: formatAmount(BigInt(r.payment), 'USDT'),
    pricePerShare: formatAmount(BigInt(r.price_per_share), 'USDT'),
    annualYieldPct: r.annual_yield_pct,
    source: r.source,
    status: r.status,
    createdAt: new Date(r.start_at).toISOString(),
    endsAt: new Date(r.end_at).toISOString(),
  };
}

const orderColumns = (at: string) =>
  sql`o.id, o.quantity, o.payment::text, o.price_per_share::text, o.annual_yield_pct, o.source,
      ${orderStatusSql(at)} as status, o.start_at, o.end_at`;

export async function orderPage(
  db: Reader,
  userId: AuthorizedUserId,
  page: { pageNo: number; pageSize: number; status?: EquityOrderStatus | undefined },
  now: Date,
) {
  const at = now.toISOString();
  const filter = page.status ? sql`and ${orderStatusSql(at)} = ${page.status}` : sql``;
  const [rows, count] = await Promise.all([
    queryRows<OrderRow>(
      db,
      sql`select ${orderColumns(at)} from equity_orders o where o.user_id = ${userId} ${filter}
          order by ${newestFirst('o', 'start_at')} ${pageClause(page)}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from equity_orders o where o.user_id = ${userId} ${filter}`,
    ),
  ]);
  return { list: rows.map(orderOf), total: count[0]?.n ?? 0 };
}

export async function orderDetail(db: Reader, userId: AuthorizedUserId, id: string, now: Date) {
  const at = now.toISOString();
  const [row] = await queryRows<OrderRow & { total_usdt: string; total_btc: string }>(
    db,
    sql`select ${orderColumns(at)},
          coalesce((select sum(usdt) from equity_yields y where y.order_id = o.id), 0)::text as total_usdt,
          coalesce((select sum(btc) from equity_yields y where y.order_id = o.id), 0)::text as total_btc
        from equity_orders o where o.id = ${id} and o.user_id = ${userId}`,
  );
  // Another member's order is as absent as one that does not exist.
  if (!row) return fail('notFound');
  const [days, earnings] = await Promise.all([
    queryRows<{
      day: string;
      usdt: string;
      btc: string;
      btc_price: string;
      price_source: 'market' | 'simulated' | 'fallback';
    }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, usdt::text, btc::text, btc_price, price_source
          from equity_yields where order_id = ${id} order by equity_yields.day desc limit 30`,
    ),
    queryRows<{ asset: 'USDT' | 'BTC'; balance: string }>(
      db,
      sql`select asset, balance::text from accounts where user_id = ${userId} and kind = 'earnings' and asset in ('USDT', 'BTC')`,
    ),
  ]);
  const claimable = (asset: 'USDT' | 'BTC') =>
    formatAmount(BigInt(earnings.find((e) => e.asset === asset)?.balance ?? 0), asset);
  return {
    ...orderOf(row),
    totalStaticU: formatAmount(BigInt(row.total_usdt), 'USDT'),
    totalStaticBtc: formatAmount(BigInt(row.total_btc), 'BTC'),
    availableStaticU: claimable('USDT'),
    availableStaticBtc: claimable('BTC'),
    days: days.map((d) => ({
      day: d.day,
      usdt: formatAmount(BigInt(d.usdt), 'USDT'),
      btc: formatAmount(BigInt(d.btc), 'BTC'),
      btcPrice: d.btc_price,
      priceSource: d.price_source,
    })),
  };
}

/** Opens a new round, closing the open one: one transaction, so there is never a moment with two. */
export async function openNewRound(
  tx: TxDb,
  input: { totalShares: number; pricePerShare: string; annualYieldPct: string; minQuantity: number; termDays: number },
) {
  const price = parsePositiveAmount(input.pricePerShare, 'USDT');
  if (!price.ok) return fail('invalidAmount');
  await tx.execute(sql`update equity_rounds set open = false where open`);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into equity_rounds (total_shares, shares_remaining, price_per_share, annual_yield_pct, min_quantity, term_days, open)
        values (${input.totalShares}, ${input.totalShares}, ${price.units.toString()}::bigint, ${input.annualYieldPct},
          ${input.minQuantity}, ${input.termDays}, true)
        returning id`,
  );
  return { roundId: String(row!.id) };
}

/**
 * The member's equity dividends per settled day for the last `days` days, oldest first, a zero for
 * a day without any: the rows the daily settlement wrote as it credited them (one per order and
 * day), added up per day. `value` counts the BTC part at the price it was paid at: satoshis ×
 * USDT per BTC / 100 USDT units, rounded down.
 */
export async function dailyYield(db: Reader, userId: AuthorizedUserId, days: number, now: Date) {
  const timeZone = await getSetting(db as Db, 'settlement.timeZone');
  const listed = daysBefore(dayOf(now, timeZone), days);
  const rows = await queryRows<{ day: string; usdt: string; btc: string; value: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(usdt)::text as usdt, sum(btc)::text as btc,
          (sum(usdt) + sum(floor(btc::numeric * btc_price::numeric / 100)))::bigint::text as value
        from equity_yields where user_id = ${userId} and day between ${listed[0]}::date and ${listed.at(-1)}::date
        group by day`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    list: listed.map((day) => {
      const row = byDay.get(day);
      return {
        day,
        usdt: formatAmount(BigInt(row?.usdt ?? 0), 'USDT'),
        btc: formatAmount(BigInt(row?.btc ?? 0), 'BTC'),
        value: formatAmount(BigInt(row?.value ?? 0), 'USDT'),
      };
    }),
  };
}
