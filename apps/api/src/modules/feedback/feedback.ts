import type { FeedbackRow } from '@minecloud/contract/content';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { notify } from '../notifications/write.ts';
import { ownUploads } from './upload.ts';

type FeedbackDbRow = {
  id: string;
  user_id: string;
  content: string;
  images: string[] | string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
};
const columns = sql`id::text, user_id::text, content, images, reply, replied_at::text, created_at::text`;

function toRow(r: FeedbackDbRow): FeedbackRow {
  return {
    id: r.id,
    content: r.content,
    images: typeof r.images === 'string' ? JSON.parse(r.images) : r.images,
    reply: r.reply,
    repliedAt: isoTime(r.replied_at),
    createdAt: isoTime(r.created_at) as string,
  };
}

/** Spec: "Provide detailed feedback" without text, "Select at least one image" without an image. */
export async function submitFeedback(db: Db, userId: number, body: { content: string; images: string[] }) {
  if (!body.content) return fail('enterFeedback');
  if (body.images.length === 0) return fail('selectImage');
  if (!(await ownUploads(db, userId, body.images))) return fail('imageNotYours');
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into feedback (user_id, content, images) values (${userId}, ${body.content}, ${JSON.stringify(body.images)}::jsonb)
        returning id::text`,
  );
  return { id: row?.id as string };
}

/** A member's own feedback only, newest first. */
export async function feedbackOf(db: Db, userId: number, page: { pageNo: number; pageSize: number }) {
  const rows = await queryRows<FeedbackDbRow>(
    db,
    sql`select ${columns} from feedback where user_id = ${userId} order by ${newestFirst('feedback', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from feedback where user_id = ${userId}`,
  );
  return { list: rows.map(toRow), total: count?.n ?? 0 };
}

/** Unanswered first, newest first; `unanswered` leaves out what has a reply. */
export async function feedbackInbox(db: Db, page: { pageNo: number; pageSize: number; unanswered?: boolean }) {
  const where = page.unanswered ? sql`where reply is null` : sql``;
  const rows = await queryRows<FeedbackDbRow>(
    db,
    sql`select ${columns} from feedback ${where} order by (feedback.reply is null) desc, ${newestFirst('feedback', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from feedback ${where}`);
  return { list: rows.map((r) => ({ ...toRow(r), userId: r.user_id })), total: count?.n ?? 0 };
}

/** The reply, in the caller's transaction (its audit row and the member's notification go in the same one). */
export async function replyFeedback(db: Pick<Db, 'execute'>, id: string, reply: string, operator: string, now: Date) {
  const [before] = await queryRows<FeedbackDbRow>(db, sql`select ${columns} from feedback where id = ${id}::bigint`);
  if (!before) return fail('notFound', 'id');
  const [after] = await queryRows<FeedbackDbRow>(
    db,
    sql`update feedback set reply = ${reply}, replied_at = ${now.toISOString()}, replied_by = ${operator}
        where id = ${id}::bigint returning ${columns}`,
  );
  await notify(db, Number(before.user_id), { kind: 'feedback_replied', params: { feedbackId: before.id } });
  return { before: toRow(before), after: { ...toRow(after as FeedbackDbRow), userId: before.user_id } };
}
