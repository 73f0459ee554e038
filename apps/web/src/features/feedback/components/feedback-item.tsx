import type { FeedbackRow } from '@minecloud/contract/content';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { Thumbnails } from './thumbnails';
import './feedback-item.css';

/** One report in the history: when, what, its images, and the platform's reply or that none came yet. */
export function FeedbackItem({ row }: { row: FeedbackRow }) {
  const { t } = useTranslation();
  const replied = row.reply !== null;
  return (
    <article className="feedback-item" data-testid={`feedback-${row.id}`}>
      <header className="feedback-item__head">
        <time dateTime={row.createdAt}>{formatLocalTime(row.createdAt)}</time>
        <span
          className={replied ? 'feedback-item__status is-replied' : 'feedback-item__status'}
          data-testid="feedback-status"
        >
          {t(replied ? 'feedbackReplied' : 'feedbackAwaitingReply')}
        </span>
      </header>
      <p className="feedback-item__content" data-testid="feedback-content">
        {row.content}
      </p>
      <Thumbnails images={row.images} testId="feedback-thumbnails" />
      {replied && (
        <section className="feedback-item__reply" data-testid="feedback-reply">
          <h3>{t('feedbackPlatformReply')}</h3>
          <p data-testid="feedback-reply-text">{row.reply}</p>
          {row.repliedAt && (
            <time dateTime={row.repliedAt} data-testid="feedback-replied-at">
              {formatLocalTime(row.repliedAt)}
            </time>
          )}
        </section>
      )}
    </article>
  );
}
