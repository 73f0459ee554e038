import type { NoticeRow as Row } from '@minecloud/contract/content';
import { paths } from '@/config/paths';
import { formatLocalTime } from '@/lib/format-time';
import { useAppNavigate } from '@/lib/navigation';
import './notice-row.css';

/** Where a notice or an article is read. */
export function noticeHref(row: Pick<Row, 'id' | 'type'>): string {
  return (row.type === 'article' ? paths.richArticle : paths.sectionInfo).href({ id: row.id });
}

/** One notice or article in the list: its title, summary and time; a tap opens it. */
export function NoticeRow({ row }: { row: Row }) {
  const { go } = useAppNavigate();
  return (
    <button
      type="button"
      className="plain-button notice-row"
      onClick={() => go(noticeHref(row))}
      data-testid={`notice-row-${row.id}`}
    >
      <span className="notice-row__title">{row.title}</span>
      {row.summary && <span className="notice-row__summary">{row.summary}</span>}
      <time className="notice-row__time" dateTime={row.publishedAt}>
        {formatLocalTime(row.publishedAt)}
      </time>
    </button>
  );
}
