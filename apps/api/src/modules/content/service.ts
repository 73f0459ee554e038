import type {
  AdminNotice,
  Notice,
  NoticeRow,
  NoticeTranslations,
  NoticeType,
  NoticeVersion,
} from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { noticeTranslations } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { byItem, pickVersion, translatedChain, type Versions, versionRows } from './languages.ts';
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

type Version = Required<NoticeVersion>;
const baseVersion = (r: NoticeDbRow): Version => ({ title: r.title, summary: r.summary, contentHtml: r.content_html });

/** The versions of `rows` beside their Chinese base: those in `langs`, or all. */
async function versionsOf(
  db: Db | TxDb,
  rows: NoticeDbRow[],
  langs?: string[],
): Promise<Map<number, Versions<Version>>> {
  if (rows.length === 0 || langs?.length === 0) return new Map();
  const ids = rows.map((r) => Number(r.id));
  const found = await db
    .select()
    .from(noticeTranslations)
    .where(and(inArray(noticeTranslations.noticeId, ids), langs ? inArray(noticeTranslations.lang, langs) : undefined));
  return byItem(
    found,
    (t) => t.noticeId,
    (t) => ({ title: t.title, summary: t.summary, contentHtml: t.contentHtml }),
  );
}

/** `rows` as a reader in `locale` sees them: their version in that language, else English, else the base. */
async function localized(db: Db, rows: NoticeDbRow[], locale: Locale): Promise<Notice[]> {
  const versions = await versionsOf(db, rows, translatedChain(locale));
  return rows.map((r) => {
    const { lang, version } = pickVersion(baseVersion(r), versions.get(Number(r.id)), locale);
    return {
      id: r.id,
      type: r.type,
      title: version.title,
      summary: version.summary,
      publishedAt: isoTime(r.published_at) as string,
      lang,
      contentHtml: version.contentHtml,
    };
  });
}
const row = ({ contentHtml: _, ...rest }: Notice): NoticeRow => rest;

/** What operators see: the base version and every other. */
async function forOperators(db: Db | TxDb, rows: NoticeDbRow[]): Promise<AdminNotice[]> {
  const versions = await versionsOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    ...baseVersion(r),
    popup: r.popup,
    status: r.status,
    publishedAt: isoTime(r.published_at),
    updatedAt: isoTime(r.updated_at) as string,
    translations: (versions.get(Number(r.id)) ?? {}) as NoticeTranslations,
  }));
}
const forOperator = async (db: Db | TxDb, r: NoticeDbRow) => (await forOperators(db, [r]))[0] as AdminNotice;

export async function noticePage(
  db: Db,
  query: { pageNo: number; pageSize: number; type?: NoticeType },
  locale: Locale,
) {
  const only = query.type ? sql`and type = ${query.type}` : sql``;
  const rows = await queryRows<NoticeDbRow>(
    db,
    sql`select ${columns} from notices where status = 'published' ${only} order by ${newestFirst('notices', 'published_at')} ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notices where status = 'published' ${only}`,
  );
  return { list: (await localized(db, rows, locale)).map(row), total: count?.n ?? 0 };
}

export async function noticeById(db: Db, id: string, locale: Locale): Promise<Notice> {
  const [found] = await queryRows<NoticeDbRow>(
    db,
    sql`select ${columns} from notices where id = ${id}::bigint and status = 'published'`,
  );
  if (!found) return fail('notFound', 'id');
  return (await localized(db, [found], locale))[0] as Notice;
}

/**
 * The home pop-up: the newest published pop-up notice the member has not been shown, marked shown
 * in the same statement (so two tabs opening at once show it once). A visitor gets the newest.
 */
export async function showNotice(db: Db, userId: number | null, locale: Locale): Promise<Notice | null> {
  if (userId === null) {
    const [newest] = await queryRows<NoticeDbRow>(
      db,
      sql`select ${columns} from notices where status = 'published' and popup order by ${newestFirst('notices', 'published_at')} limit 1`,
    );
    return newest ? ((await localized(db, [newest], locale))[0] as Notice) : null;
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
  return shown ? ((await localized(db, [shown], locale))[0] as Notice) : null;
}

export type NoticeInput = {
  type: NoticeType;
  title: string;
  summary: string;
  contentHtml: string;
  popup: boolean;
  translations?: NoticeTranslations;
};

/** Replaces the notice's versions beside its base with `translations`, each one's HTML sanitized. */
async function saveTranslations(tx: TxDb, noticeId: number, translations: NoticeTranslations | undefined) {
  await tx.delete(noticeTranslations).where(eq(noticeTranslations.noticeId, noticeId));
  const rows = versionRows(translations).map(({ lang, version }) => ({
    noticeId,
    lang,
    title: version.title,
    summary: version.summary ?? '',
    contentHtml: sanitizeHtml(version.contentHtml),
  }));
  if (rows.length > 0) await tx.insert(noticeTranslations).values(rows);
}

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
  return { list: await forOperators(db, rows), total: count?.n ?? 0 };
}

export async function operatorNotice(db: Db | TxDb, id: string): Promise<AdminNotice> {
  const [found] = await queryRows<NoticeDbRow>(db, sql`select ${columns} from notices where id = ${id}::bigint`);
  return found ? forOperator(db, found) : fail('notFound', 'id');
}

export async function createNotice(tx: TxDb, input: NoticeInput): Promise<AdminNotice> {
  const [created] = await queryRows<NoticeDbRow>(
    tx,
    sql`insert into notices (type, title, summary, content_html, popup)
        values (${input.type}, ${input.title}, ${input.summary}, ${sanitizeHtml(input.contentHtml)}, ${input.popup})
        returning ${columns}`,
  );
  await saveTranslations(tx, Number((created as NoticeDbRow).id), input.translations);
  return forOperator(tx, created as NoticeDbRow);
}

export async function updateNotice(tx: TxDb, id: string, input: NoticeInput, now: Date): Promise<AdminNotice> {
  const [updated] = await queryRows<NoticeDbRow>(
    tx,
    sql`update notices set type = ${input.type}, title = ${input.title}, summary = ${input.summary},
          content_html = ${sanitizeHtml(input.contentHtml)}, popup = ${input.popup}, updated_at = ${now.toISOString()}
        where id = ${id}::bigint returning ${columns}`,
  );
  if (!updated) return fail('notFound', 'id');
  await saveTranslations(tx, Number(updated.id), input.translations);
  return forOperator(tx, updated);
}

/** Publishing keeps the first publication time; unpublishing hides the notice everywhere. */
export async function setPublished(tx: TxDb, id: string, published: boolean, now: Date): Promise<AdminNotice> {
  const [updated] = await queryRows<NoticeDbRow>(
    tx,
    sql`update notices set status = ${published ? 'published' : 'draft'}, updated_at = ${now.toISOString()},
          published_at = case when ${published} then coalesce(published_at, ${now.toISOString()}::timestamptz) else published_at end
        where id = ${id}::bigint returning ${columns}`,
  );
  return updated ? forOperator(tx, updated) : fail('notFound', 'id');
}
