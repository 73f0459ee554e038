import { NOTICE_TYPES, type NoticeType } from '@minecloud/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { markNoticesSeen, useUnreadCount } from '@/api/unread-count';
import { Icon } from '@/components/icons';
import { PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { UnreadBadge } from '@/components/unread-badge';
import { paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/i18n';
import type { FirstQuery } from '@/lib/first-data';
import { useAppNavigate } from '@/lib/navigation';
import { useIsLoggedIn } from '@/lib/session';
import { getNoticesQueryOptions, useNotices } from '../api/get-notices';
import { NoticeRow } from '../components/notice-row';
import './notice-list-page.css';

const TAB_LABELS: Record<NoticeType, MessageKey> = { notice: 'noticeTabNotices', article: 'noticeTabArticles' };
const EMPTY_TEXTS: Record<NoticeType, MessageKey> = { notice: 'noticesEmpty', article: 'articlesEmpty' };

/** The type a `type` query shows (notices but for `article`). */
function typeOf(value: string | null): NoticeType {
  return value === 'article' ? 'article' : 'notice';
}

/**
 * The first screen's data, asked for before the app's first render when the app opens on the notices'
 * tab: index.html asked for their first page already (app/early-requests.ts), and may have painted it
 * in the shell, which the list then replaces as it is, not with its skeleton.
 */
export function firstQueries(): FirstQuery[] {
  const query = window.location.hash.split('?')[1];
  return typeOf(new URLSearchParams(query).get('type')) === 'notice' ? [getNoticesQueryOptions('notice')] : [];
}

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

/**
 * For a signed-in member: the way to the notification centre with its unread count; and the
 * announcements, once listed, are seen (they no longer count as unread).
 */
function NotificationsEntry({ noticesListed }: { noticesListed: boolean }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  useEffect(() => {
    if (noticesListed) markNoticesSeen(queryClient).catch(() => {});
  }, [noticesListed, queryClient]);
  const count = unread.data?.notifications;
  return (
    <button
      type="button"
      className="plain-button notice-list-page__notifications"
      onClick={() => go(paths.notifications.href())}
      data-testid="notice-list-notifications"
    >
      <Icon name="bell" size={16} />
      <span>{t('titleNotifications')}</span>
      <UnreadBadge count={count} label={t('notificationsUnread', { count: count ?? 0 })} testId="notice-list-unread" />
    </button>
  );
}

/** Announcements and articles, in two tabs (the `type` query keeps the tab). */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const signedIn = useIsLoggedIn();
  const type = typeOf(params.get('type'));
  return (
    <div className="notice-list-page">
      {signedIn && <NotificationsEntry noticesListed={type === 'notice'} />}
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
