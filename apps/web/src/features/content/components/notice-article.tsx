import type { Notice } from '@minecloud/contract/content';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import { formatLocalTime } from '@/lib/format-time';
import { useAppNavigate } from '@/lib/navigation';
import { isApiError } from '@/lib/request';
import { NOTICE_ID, useNotice } from '../api/get-notice';
import { RichContent } from './rich-content';
import './notice-article.css';

function NoticeBody({ notice }: { notice: Notice }) {
  return (
    <article className={`notice-article notice-article--${notice.type}`} data-testid="notice-article">
      <h2 className="notice-article__title" lang={notice.lang} data-testid="notice-title">
        {notice.title}
      </h2>
      <time className="notice-article__time" dateTime={notice.publishedAt} data-testid="notice-time">
        {formatLocalTime(notice.publishedAt)}
      </time>
      {notice.type === 'article' && notice.summary && (
        <p className="notice-article__lead" lang={notice.lang} data-testid="notice-lead">
          {notice.summary}
        </p>
      )}
      <RichContent html={notice.contentHtml} lang={notice.lang} testId="notice-content" />
    </article>
  );
}

/** A notice or an article by its id (the `id` query of the page): title, time and rich content. */
export function NoticeArticle({ id }: { id: string }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const notice = useNotice(id);
  const missing = (
    <ErrorState
      message={t('noticeNotFound')}
      onRetry={() => go(paths.noticeList.href())}
      retryLabel={t('noticeSeeAll')}
      testId="notice-missing"
    />
  );
  if (!NOTICE_ID.test(id)) return missing;
  if (notice.data) return <NoticeBody notice={notice.data} />;
  if (notice.isPending) {
    return (
      <div className="notice-article" data-testid="notice-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (isApiError(notice.error) && notice.error.status === 404) return missing;
  return <ErrorState message={t('noticeLoadFailed')} onRetry={() => void notice.refetch()} testId="notice-error" />;
}
