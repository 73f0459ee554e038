import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import type { ReviewContext, WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, queryRows } from '../../db/client.ts';

/**
 * Pending: every status but the two final ones, so that a status added later (a payout on hold, an
 * unclear one) still counts as money on its way out.
 */
const FINAL = sql`('arrived','rejected')`;

type PageRow = { id: string; user_id: string; asset: WithdrawAsset };

type RowFacts = {
  id: string;
  deposited: string;
  withdrawn: string;
  pending: string;
  rejections: number;
  address_uses: number;
  address_members: number;
};

/**
 * Per withdrawal of the page, in one statement: what the member moved in this asset, their other
 * rejections and who else used the address. Every subquery is bounded by the page's ids and served
 * by an index (withdrawals by user and by address, deposits by user).
 */
async function rowFacts(db: Pick<Db, 'execute'>, ids: number[]): Promise<Map<string, RowFacts>> {
  const rows = await queryRows<RowFacts>(
    db,
    sql`select w.id::text,
          (select coalesce(sum(d.amount), 0)::text from deposits d
            where d.user_id = w.user_id and d.asset = w.asset and d.status = 'credited') as deposited,
          (select coalesce(sum(o.amount), 0)::text from withdrawals o
            where o.user_id = w.user_id and o.asset = w.asset and o.status = 'arrived') as withdrawn,
          (select coalesce(sum(o.amount), 0)::text from withdrawals o
            where o.user_id = w.user_id and o.asset = w.asset and o.status not in ${FINAL}) as pending,
          (select count(*)::int from withdrawals o
            where o.user_id = w.user_id and o.status = 'rejected' and o.id <> w.id) as rejections,
          (select count(*)::int from withdrawals o
            where o.address = w.address and o.user_id = w.user_id and o.id < w.id) as address_uses,
          (select count(distinct o.user_id)::int from withdrawals o
            where o.address = w.address and o.user_id <> w.user_id) as address_members
        from withdrawals w where w.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

type MemberFacts = {
  since: string;
  balances: ReviewContext['balances'];
  adjustments: ReviewContext['adjustments'];
};

/**
 * Per member of the page: account age, balances per asset and the operator adjustments credited to
 * them (the `adjustment` transfers into any of their accounts), in three statements for the page.
 */
async function memberFacts(db: Pick<Db, 'execute'>, userIds: number[]): Promise<Map<string, MemberFacts>> {
  const members = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [users, accounts, adjustments] = await Promise.all([
    queryRows<{ id: string; created_at: string }>(
      db,
      sql`select id::text, created_at::text from users where id in (${members})`,
    ),
    queryRows<{ user_id: string; asset: Asset; available: string; locked: string }>(
      db,
      sql`select user_id::text, asset,
            coalesce(sum(balance) filter (where kind = 'available'), 0)::text as available,
            coalesce(sum(balance) filter (where kind = 'locked'), 0)::text as locked
          from accounts where user_id in (${members}) group by user_id, asset`,
    ),
    queryRows<{ user_id: string; asset: Asset; count: number; sum: string }>(
      db,
      sql`select a.user_id::text, t.asset, count(*)::int as count, sum(t.amount)::text as sum
          from accounts a join transfers t on t.credit_account_id = a.id and t.kind = 'adjustment'
          where a.user_id in (${members}) group by a.user_id, t.asset`,
    ),
  ]);
  const facts = new Map<string, MemberFacts>();
  for (const user of users) {
    const held = accounts.filter((a) => a.user_id === user.id);
    facts.set(user.id, {
      since: isoTime(user.created_at) as string,
      balances: ASSETS.map((asset) => {
        const row = held.find((a) => a.asset === asset);
        return {
          asset,
          available: formatAmount(BigInt(row?.available ?? '0'), asset),
          locked: formatAmount(BigInt(row?.locked ?? '0'), asset),
        };
      }),
      adjustments: adjustments
        .filter((a) => a.user_id === user.id)
        .sort((a, b) => ASSETS.indexOf(a.asset) - ASSETS.indexOf(b.asset))
        .map((a) => ({ asset: a.asset, count: a.count, sum: formatAmount(BigInt(a.sum), a.asset) })),
    });
  }
  return facts;
}

/**
 * The review context of each withdrawal on a page (finance's questions before approving: who is
 * this, what did they bring and take, was money made for them by hand, was this address used by
 * others), keyed by withdrawal id. A fixed number of statements whatever the page size.
 */
export async function reviewContexts(db: Pick<Db, 'execute'>, page: PageRow[]): Promise<Map<string, ReviewContext>> {
  const contexts = new Map<string, ReviewContext>();
  if (!page.length) return contexts;
  const [rows, members] = await Promise.all([
    rowFacts(
      db,
      page.map((w) => Number(w.id)),
    ),
    memberFacts(db, [...new Set(page.map((w) => Number(w.user_id)))]),
  ]);
  for (const w of page) {
    const row = rows.get(w.id);
    const member = members.get(w.user_id);
    if (!row || !member) continue;
    contexts.set(w.id, {
      memberSince: member.since,
      balances: member.balances,
      deposited: formatAmount(BigInt(row.deposited), w.asset),
      withdrawn: formatAmount(BigInt(row.withdrawn), w.asset),
      pending: formatAmount(BigInt(row.pending), w.asset),
      adjustments: member.adjustments,
      rejections: row.rejections,
      addressUses: row.address_uses,
      addressMembers: row.address_members,
    });
  }
  return contexts;
}
