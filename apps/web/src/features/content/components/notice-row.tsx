import type { NoticeRow as Row } from '@minecloud/contract/content';
import { formatLocalTime } from '@/lib/format-time';
import { useAppNavigate } from '@/lib/navigation';
import { noticeHref } from '../lib/notice-href';
import './notice-row.css';

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
      <span className="notice-row__title" lang={row.lang}>
        {row.title}
      </span>
      {row.summary && (
        <span className="notice-row__summary" lang={row.lang}>
          {row.summary}
        </span>
      )}
      <time className="notice-row__time" dateTime={row.publishedAt}>
        {formatLocalTime(row.publishedAt)}
      </time>
    </button>
  );
}
