import { shortenAddress } from '@minecloud/contract/address';
import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import type { AssetRecord } from '@minecloud/contract/asset';
import { desc, eq, sql } from 'drizzle-orm';
import { type Db, newestFirst, queryRows, type TxDb } from '../../db/client.ts';
import { donations, users } from '../../db/schema.ts';
import { systemAccount, type TransferInput, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { fail } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { memberUnits } from './amounts.ts';

type Reader = Pick<Db, 'execute'>;

/** available / locked / earnings per asset of one member, in atomic units. */
export async function balancesOf(db: Reader, userId: AuthorizedUserId) {
  const rows = await queryRows<{ asset: Asset; kind: string; balance: string }>(
    db,
    sql`select asset, kind, balance::text from accounts where user_id = ${userId}`,
  );
  const result = Object.fromEntries(
    ASSETS.map((asset) => [asset, { available: 0n, locked: 0n, earnings: 0n }]),
  ) as Record<Asset, { available: bigint; locked: bigint; earnings: bigint }>;
  for (const row of rows) {
    const entry = result[row.asset];
    if (entry && (row.kind === 'available' || row.kind === 'locked' || row.kind === 'earnings')) {
      entry[row.kind] = BigInt(row.balance);
    }
  }
  return result;
}

export async function balanceList(db: Reader, userId: AuthorizedUserId, only?: Asset) {
  const balances = await balancesOf(db, userId);
  return ASSETS.filter((asset) => !only || asset === only).map((asset) => ({
    asset,
    available: formatAmount(balances[asset].available, asset),
    locked: formatAmount(balances[asset].locked, asset),
    earnings: formatAmount(balances[asset].earnings, asset),
  }));
}

/** Earned in total (everything ever credited to earnings) and still claimable, per asset. */
export async function earningsOf(db: Reader, userId: AuthorizedUserId) {
  const rows = await queryRows<{ asset: Asset; total: string; available: string; referral: string }>(
    db,
    sql`
    select a.asset, a.balance::text as available,
      coalesce((select sum(t.amount) from transfers t where t.credit_account_id = a.id), 0)::text as total,
      coalesce((select sum(t.amount) from transfers t where t.credit_account_id = a.id and t.kind = 'referral_reward'), 0)::text as referral
    from accounts a where a.user_id = ${userId} and a.kind = 'earnings'`,
  );
  const of = (asset: 'USDT' | 'BTC') => {
    const row = rows.find((r) => r.asset === asset);
    return {
      total: formatAmount(BigInt(row?.total ?? 0), asset),
      available: formatAmount(BigInt(row?.available ?? 0), asset),
    };
  };
  const usdt = rows.find((r) => r.asset === 'USDT');
  return { USDT: of('USDT'), BTC: of('BTC'), referralTotalU: formatAmount(BigInt(usdt?.referral ?? 0), 'USDT') };
}

/** One member's transfers in one asset, newest first; direction as seen from their available balance. */
export async function recordsOf(
  db: Reader,
  userId: AuthorizedUserId,
  asset: Asset,
  page: { pageNo: number; pageSize: number; kind?: string | undefined },
): Promise<{ list: AssetRecord[]; total: number }> {
  const owned = await queryRows<{ id: string }>(
    db,
    sql`select id from accounts where user_id = ${userId} and asset = ${asset}`,
  );
  const ids = owned.map((r) => Number(r.id));
  if (ids.length === 0) return { list: [], total: 0 };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const where = sql`(t.debit_account_id in (${idList}) or t.credit_account_id in (${idList}))
    ${page.kind ? sql`and t.kind = ${page.kind}` : sql``}`;
  const [rows, count] = await Promise.all([
    queryRows<{ id: string; kind: string; amount: string; created_at: string | Date; direction: 'in' | 'out' }>(
      db,
      sql`
      select t.id, t.kind, t.amount::text, t.created_at,
        case when ca.user_id = ${userId} and (da.user_id is distinct from ${userId} or ca.kind = 'available')
          then 'in' else 'out' end as direction
      from transfers t
      join accounts da on da.id = t.debit_account_id
      join accounts ca on ca.id = t.credit_account_id
      where ${where}
      order by ${newestFirst('t', 'created_at')}
      limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
    ),
    queryRows<{ total: string }>(db, sql`select count(*)::text as total from transfers t where ${where}`),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      direction: r.direction,
      amount: formatAmount(BigInt(r.amount), asset),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(count[0]?.total ?? 0),
  };
}

/** Moves earnings to available: the amount asked, or all of it. */
export async function claimEarnings(
  tx: TxDb,
  userId: AuthorizedUserId,
  asset: 'USDT' | 'BTC',
  amountText: string | undefined,
  legKey: (leg: string) => string,
) {
  const locked = await queryRows<{ balance: string }>(
    tx,
    sql`select balance::text from accounts where user_id = ${userId} and asset = ${asset} and kind = 'earnings' for update`,
  );
  const claimable = BigInt(locked[0]?.balance ?? 0);
  const amount = amountText === undefined ? claimable : memberUnits(amountText, asset);
  if (claimable === 0n) return fail('nothingToClaim');
  if (amount > claimable) return fail('insufficientBalance');
  await post(tx, {
    asset,
    from: userAccount(userId, 'earnings'),
    to: userAccount(userId, 'available'),
    amount,
    kind: 'claim',
    idempotencyKey: legKey('claim'),
  });
  return { claimed: formatAmount(amount, asset) };
}

export async function findReceiver(db: Pick<Db, 'select'>, userId: number) {
  const [row] = await db.select({ id: users.id, address: users.address }).from(users).where(eq(users.id, userId));
  if (!row) return fail('receiverNotFound');
  return { id: String(row.id), address: shortenAddress(row.address) };
}

/**
 * A gift between members: checked here, then moved (with its key row) in one statement, which also
 * proves the sender's session (`moneyRoute` with `transfer`): `from` is the member the token names, and nothing
 * of theirs is read here.
 */
export async function giftPlan(
  db: Db,
  from: number,
  input: { toUserId: string; asset: Asset; amount: string },
  legKey: (leg: string) => string,
): Promise<TransferInput> {
  const allowed = await getSetting(db, 'transfer.assets');
  if (!allowed.includes(input.asset)) return fail('assetNotAllowed');
  const amount = memberUnits(input.amount, input.asset);
  const to = Number(input.toUserId);
  if (to === from) return fail('giftToSelf');
  // An unknown receiver fails the credit's foreign key inside the transfer: no extra lookup.
  return {
    asset: input.asset,
    from: userAccount(from),
    to: userAccount(to),
    amount,
    kind: 'gift',
    reference: `gift:${from}:${to}`,
    idempotencyKey: legKey('gift'),
  };
}

/**
 * Buys gold coins with USDT at `gold.perUsdt`; only amounts that convert exactly are taken (with at
 * most 2 decimals of USDT and a whole rate, every one does: the check stays for a finer rate).
 */
export async function topUpGold(
  tx: TxDb,
  userId: AuthorizedUserId,
  amountUsdt: string,
  legKey: (leg: string) => string,
) {
  const usdt = memberUnits(amountUsdt, 'USDT');
  const perUsdt = BigInt(await getSetting(tx, 'gold.perUsdt'));
  // USDT has 6 decimals and gold 2: gold units = usdt units × rate / 10^4, exactly or not at all.
  const scaled = usdt * perUsdt;
  if (scaled % 10_000n !== 0n) return fail('invalidAmount');
  const gold = scaled / 10_000n;
  const reference = `topup:${userId}`;
  // One entry, two legs: the USDT in and the gold out move together or not at all.
  await post(tx, {
    kind: 'topup',
    reference,
    idempotencyKey: legKey('topup'),
    legs: [
      { asset: 'USDT', from: userAccount(userId), to: systemAccount('treasury'), amount: usdt, key: legKey('pay') },
      { asset: 'GOLD', from: systemAccount('treasury'), to: userAccount(userId), amount: gold, key: legKey('gold') },
    ],
  });
  return { gold: formatAmount(gold, 'GOLD'), paidUsdt: formatAmount(usdt, 'USDT') };
}

export async function donate(
  tx: TxDb,
  userId: AuthorizedUserId,
  input: { asset: Asset; amount: string },
  legKey: (leg: string) => string,
) {
  const allowed = await getSetting(tx, 'donation.assets');
  if (!allowed.includes(input.asset)) return fail('assetNotAllowed');
  const amount = memberUnits(input.amount, input.asset);
  const [transferId] = await post(tx, {
    asset: input.asset,
    from: userAccount(userId),
    to: systemAccount('foundation'),
    amount,
    kind: 'donation',
    reference: `donation:${userId}`,
    idempotencyKey: legKey('donation'),
  });
  const [row] = await tx
    .insert(donations)
    .values({ userId, asset: input.asset, amount, transferId })
    .returning({ id: donations.id });
  return { donationId: String(row!.id) };
}

/** The public list of donations: amount, shortened address, time. */
export async function donationList(db: Db, page: { pageNo: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    db
      .select({
        id: donations.id,
        asset: donations.asset,
        amount: donations.amount,
        createdAt: donations.createdAt,
        address: users.address,
      })
      .from(donations)
      .innerJoin(users, eq(users.id, donations.userId))
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    queryRows<{ total: string }>(db, sql`select count(*)::text as total from donations`),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      address: shortenAddress(r.address),
      asset: r.asset as Asset,
      amount: formatAmount(r.amount, r.asset as Asset),
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(count[0]?.total ?? 0),
  };
}
