import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useFeedbackList } from '../api/get-feedback-list';
import { FeedbackItem } from '../components/feedback-item';

/** Feedback History: the member's reports, each with its images and the platform's reply. */
export default function FeedbackHistoryPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const list = useFeedbackList();
  return (
    <PagedList
      query={list}
      itemKey={(row) => row.id}
      renderItem={(row) => <FeedbackItem row={row} />}
      label={t('titleFeedbackHistory')}
      emptyText={t('feedbackHistoryEmpty')}
      emptyAction={
        <Button
          color="primary"
          fill="outline"
          size="small"
          onClick={() => {
            go(paths.feedback.href());
          }}
        >
          {t('feedbackGoWrite')}
        </Button>
      }
      failedText={t('feedbackHistoryFailed')}
      testId="feedback-list"
    />
  );
}
