import type { NoticeRow } from '@minecloud/contract/content';
import { paths } from '@/config/paths';

/** Where a notice or an article is read. */
export function noticeHref(row: Pick<NoticeRow, 'id' | 'type'>): string {
  return (row.type === 'article' ? paths.richArticle : paths.sectionInfo).href({ id: row.id });
}
