import { type Asset, formatAmount } from '@minecloud/contract/amount';
import type { AdjustmentStatus } from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';

/**
 * Whether `operatorId` requested or approved a credit to this member that was not rejected, at
 * any time: then another operator must approve the member's withdrawals. The whole history, not
 * "since the last withdrawal": money is fungible, so a credit made before an earlier (smaller)
 * withdrawal may still be in the balance withdrawn now, and only the whole history rules that out.
 * A pending credit counts too: the operator has already asked to fund this member.
 */
export async function adjustedMember(db: Pick<Db, 'execute'>, operatorId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select 1 from adjustment_requests
        where user_id = ${userId} and amount > 0 and status <> 'rejected'
          and (requested_by_id = ${operatorId} or decided_by_id = ${operatorId})
        limit 1`,
  );
  return Boolean(row);
}

type ListRow = {
  id: string;
  user_id: string;
  member_address: string;
  asset: Asset;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requested_by: string;
  decided_by: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  created_at: string;
  decided_at: string | null;
};

/** The console's list of adjustments of one status (pending by default), newest first. */
export async function adjustmentPage(
  db: Pick<Db, 'execute'>,
  query: { status?: AdjustmentStatus | undefined; pageNo: number; pageSize: number },
) {
  const status = query.status ?? 'pending';
  const rows = await queryRows<ListRow>(
    db,
    sql`select a.id::text, a.user_id::text, u.address as member_address, a.asset, a.amount::text, a.reason, a.status,
               r.username as requested_by, d.username as decided_by, a.decision_reason, a.transfer_id::text,
               a.created_at::text, a.decided_at::text
        from adjustment_requests a
        join users u on u.id = a.user_id
        join operators r on r.id = a.requested_by_id
        left join operators d on d.id = a.decided_by_id
        where a.status = ${status}
        order by ${newestFirst('a', 'created_at')} ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from adjustment_requests where status = ${status}`,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      memberAddress: r.member_address,
      asset: r.asset,
      amount: formatAmount(BigInt(r.amount), r.asset),
      reason: r.reason,
      status: r.status,
      requestedBy: r.requested_by,
      decidedBy: r.decided_by,
      decisionReason: r.decision_reason,
      transferId: r.transfer_id,
      createdAt: isoTime(r.created_at) as string,
      decidedAt: isoTime(r.decided_at),
    })),
    total: count?.n ?? 0,
  };
}
