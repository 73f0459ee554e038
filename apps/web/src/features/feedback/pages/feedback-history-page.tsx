import { useTranslation } from 'react-i18next';
import { EmptyListLink, PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useFeedbackList } from '../api/get-feedback-list';
import { FeedbackItem } from '../components/feedback-item';

/** Feedback History: the member's reports, each with its images and the platform's reply. */
export default function FeedbackHistoryPage() {
  const { t } = useTranslation();
  const list = useFeedbackList();
  return (
    <PagedList
      query={list}
      itemKey={(row) => row.id}
      renderItem={(row) => <FeedbackItem row={row} />}
      label={t('titleFeedbackHistory')}
      emptyText={t('feedbackHistoryEmpty')}
      emptyAction={<EmptyListLink to={paths.feedback.href()} label={t('feedbackGoWrite')} testId="feedback-go-write" />}
      failedText={t('feedbackHistoryFailed')}
      testId="feedback-list"
    />
  );
}
