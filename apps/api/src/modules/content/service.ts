import type { AdminNotice, Notice, NoticeRow, NoticeType } from '@minecloud/contract/content';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { sanitizeHtml } from './sanitize.ts';

type NoticeDbRow = {
  id: string;
  type: NoticeType;
  title: string;
  summary: string;
  content_html: string;
  popup: boolean;
  status: 'draft' | 'published';
  published_at: string | null;
  updated_at: string;
};

const columns = sql`id::text, type, title, summary, content_html, popup, status, published_at::text, updated_at::text`;

function row(r: NoticeDbRow): NoticeRow {
  return { id: r.id, type: r.type, title: r.title, summary: r.summary, publishedAt: isoTime(r.published_at) as string };
}
const full = (r: NoticeDbRow): Notice => ({ ...row(r), contentHtml: r.content_html });
const forOperator = (r: NoticeDbRow): AdminNotice => ({
  ...full(r),
  popup: r.popup,
  status: r.status,
  publishedAt: isoTime(r.published_at),
  updatedAt: isoTime(r.updated_at) as string,
});

export async function noticePage(db: Db, query: { pageNo: number; pageSize: number; type?: NoticeType }) {
  const only = query.type ? sql`and type = ${query.type}` : sql``;
  const rows = await queryRows<NoticeDbRow>(
    db,
    sql`select ${columns} from notices where status = 'published' ${only} order by ${newestFirst('notices', 'published_at')} ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notices where status = 'published' ${only}`,
  );
  return { list: rows.map(row), total: count?.n ?? 0 };
}

export async function noticeById(db: Db, id: string): Promise<Notice> {
  const [found] = await queryRows<NoticeDbRow>(
    db,
    sql`select ${columns} from notices where id = ${id}::bigint and status = 'published'`,
  );
  return found ? full(found) : fail('notFound', 'id');
}

/**
 * The home pop-up: the newest published pop-up notice the member has not been shown, marked shown
 * in the same statement (so two tabs opening at once show it once). A visitor gets the newest.
 */
export async function showNotice(db: Db, userId: number | null): Promise<Notice | null> {
  if (userId === null) {
    const [newest] = await queryRows<NoticeDbRow>(
      db,
      sql`select ${columns} from notices where status = 'published' and popup order by ${newestFirst('notices', 'published_at')} limit 1`,
    );
    return newest ? full(newest) : null;
  }
  const [shown] = await queryRows<NoticeDbRow>(
    db,
    sql`with next as (
          select n.id from notices n
          where n.status = 'published' and n.popup
            and not exists (select 1 from notice_views v where v.user_id = ${userId} and v.notice_id = n.id)
          order by n.published_at desc, n.id desc limit 1)
        , marked as (
          insert into notice_views (user_id, notice_id) select ${userId}, id from next
          on conflict do nothing returning notice_id)
        select ${columns} from notices where id in (select notice_id from marked)`,
  );
  return shown ? full(shown) : null;
}

export type NoticeInput = { type: NoticeType; title: string; summary: string; contentHtml: string; popup: boolean };

export async function operatorNotices(
  db: Db,
  page: { pageNo: number; pageSize: number; type?: NoticeType | undefined },
) {
  const where = page.type ? sql`where type = ${page.type}` : sql``;
  const rows = await queryRows<NoticeDbRow>(
    db,
    sql`select ${columns} from notices ${where} order by ${newestFirst('notices', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from notices ${where}`);
  return { list: rows.map(forOperator), total: count?.n ?? 0 };
}

export async function operatorNotice(db: Db | TxDb, id: string): Promise<AdminNotice> {
  const [found] = await queryRows<NoticeDbRow>(db, sql`select ${columns} from notices where id = ${id}::bigint`);
  return found ? forOperator(found) : fail('notFound', 'id');
}

export async function createNotice(tx: TxDb, input: NoticeInput): Promise<AdminNotice> {
  const [created] = await queryRows<NoticeDbRow>(
    tx,
    sql`insert into notices (type, title, summary, content_html, popup)
        values (${input.type}, ${input.title}, ${input.summary}, ${sanitizeHtml(input.contentHtml)}, ${input.popup})
        returning ${columns}`,
  );
  return forOperator(created as NoticeDbRow);
}

export async function updateNotice(tx: TxDb, id: string, input: NoticeInput, now: Date): Promise<AdminNotice> {
  const [updated] = await queryRows<NoticeDbRow>(
    tx,
    sql`update notices set type = ${input.type}, title = ${input.title}, summary = ${input.summary},
          content_html = ${sanitizeHtml(input.contentHtml)}, popup = ${input.popup}, updated_at = ${now.toISOString()}
        where id = ${id}::bigint returning ${columns}`,
  );
  return updated ? forOperator(updated) : fail('notFound', 'id');
}

/** Publishing keeps the first publication time; unpublishing hides the notice everywhere. */
export async function setPublished(tx: TxDb, id: string, published: boolean, now: Date): Promise<AdminNotice> {
  const [updated] = await queryRows<NoticeDbRow>(
    tx,
    sql`update notices set status = ${published ? 'published' : 'draft'}, updated_at = ${now.toISOString()},
          published_at = case when ${published} then coalesce(published_at, ${now.toISOString()}::timestamptz) else published_at end
        where id = ${id}::bigint returning ${columns}`,
  );
  return updated ? forOperator(updated) : fail('notFound', 'id');
}
