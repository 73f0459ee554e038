import { NOTICE_TYPES, type NoticeType } from '@minecloud/contract/content';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import type { MessageKey } from '@/i18n/i18n';
import { useNotices } from '../api/get-notices';
import { NoticeRow } from '../components/notice-row';
import './notice-list-page.css';

const TAB_LABELS: Record<NoticeType, MessageKey> = { notice: 'noticeTabNotices', article: 'noticeTabArticles' };
const EMPTY_TEXTS: Record<NoticeType, MessageKey> = { notice: 'noticesEmpty', article: 'articlesEmpty' };

function NoticeList({ type }: { type: NoticeType }) {
  const { t } = useTranslation();
  const notices = useNotices(type);
  return (
    <PagedList
      query={notices}
      itemKey={(row) => row.id}
      renderItem={(row) => <NoticeRow row={row} />}
      label={t(TAB_LABELS[type])}
      emptyText={t(EMPTY_TEXTS[type])}
      failedText={t('noticesLoadFailed')}
      testId="notice-list"
    />
  );
}

/** Announcements and articles, in two tabs (the `type` query keeps the tab). */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type: NoticeType = params.get('type') === 'article' ? 'article' : 'notice';
  return (
    <div className="notice-list-page">
      <TabSwitch
        options={NOTICE_TYPES.map((value) => ({ value, label: t(TAB_LABELS[value]) }))}
        value={type}
        onChange={(value) => setParams({ type: value }, { replace: true })}
        label={t('titleAnnouncements')}
        testIdPrefix="notice-tab"
      />
      <NoticeList key={type} type={type} />
    </div>
  );
}
