import type { Notification, UnreadCount } from '@minecloud/contract/notifications';
import type { WithdrawalState } from '@minecloud/contract/withdrawal-states';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, pageClause, queryRows } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

type Reader = Pick<Db, 'execute'>;
type Row = { id: string; kind: string; params: Record<string, string> | string; created_at: string; read: boolean };

/**
 * The states of a member's withdrawals as their list shows them (wallet/withdrawals.ts, given by
 * app.ts: the wallet module writes notifications, so this module does not import it).
 */
export type WithdrawalStatesOf = (
  db: Reader,
  userId: number,
  ids: readonly string[],
) => Promise<Map<string, WithdrawalState>>;

const WITHDRAWAL_KINDS = new Set(['withdrawal_approved', 'withdrawal_paid', 'withdrawal_rejected']);

/**
 * The member's own notifications, newest first. A withdrawal's carries that withdrawal's state
 * now, so that its text follows the same table as the withdrawal list (paused says paused).
 */
export async function notificationPage(
  db: Reader,
  userId: AuthorizedUserId,
  page: { pageNo: number; pageSize: number },
  withdrawalStates: WithdrawalStatesOf,
) {
  const rows = await queryRows<Row>(
    db,
    sql`select id::text, kind, params, created_at::text, read_at is not null as read
        from notifications where user_id = ${userId} order by id desc ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId}`,
  );
  const parsed = rows.map((row) => ({
    row,
    params: (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as Record<string, string>,
  }));
  const withdrawalIdOf = (kind: string, params: Record<string, string>) =>
    WITHDRAWAL_KINDS.has(kind) ? params.withdrawalId : undefined;
  const ids = [...new Set(parsed.flatMap(({ row, params }) => withdrawalIdOf(row.kind, params) ?? []))];
  const states = await withdrawalStates(db, userId, ids);
  const list = parsed.map(({ row, params }) => {
    const withdrawalId = withdrawalIdOf(row.kind, params);
    return {
      id: row.id,
      kind: row.kind,
      params,
      createdAt: isoTime(row.created_at) as string,
      read: row.read,
      withdrawalState: (withdrawalId && states.get(withdrawalId)) || null,
    } as Notification;
  });
  return { list, total: count?.n ?? 0 };
}

/**
 * Unread notifications, and published notices newer than the member's mark (without one, than
 * their sign-up): notices are for everyone and have no rows of their own.
 */
export async function unreadCount(db: Reader, userId: AuthorizedUserId): Promise<UnreadCount> {
  const [row] = await queryRows<{ notifications: number; notices: number }>(
    db,
    sql`select
          (select count(*)::int from notifications where user_id = ${userId} and read_at is null) as notifications,
          (select count(*)::int from notices n, users u left join notice_reads r on r.user_id = u.id
           where u.id = ${userId} and n.type = 'notice' and n.status = 'published'
             and n.published_at > coalesce(r.seen_at, u.created_at)) as notices`,
  );
  const notifications = row?.notifications ?? 0;
  const notices = row?.notices ?? 0;
  return { total: notifications + notices, notifications, notices };
}

/** Marks one of the member's own notifications read; another member's id is not found, like none. */
export async function markRead(db: Reader, userId: AuthorizedUserId, id: string) {
  const marked = await queryRows(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where id = ${id}::bigint and user_id = ${userId} returning id`,
  );
  if (marked.length === 0) fail('notFound', 'id');
  return unreadCount(db, userId);
}

/** The notices published by `now` are seen (the mark never moves back). */
export async function markNoticesSeen(db: Reader, userId: AuthorizedUserId, now: Date) {
  await db.execute(
    sql`insert into notice_reads (user_id, seen_at) values (${userId}, ${now.toISOString()}::timestamptz)
        on conflict (user_id) do update set seen_at = greatest(notice_reads.seen_at, excluded.seen_at)`,
  );
  return unreadCount(db, userId);
}

/** Every notification read, and every notice so far seen. */
export async function markAllRead(db: Db, userId: AuthorizedUserId, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`);
    return markNoticesSeen(tx, userId, now);
  });
}
