import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '@/api/unread-count';
import { PagedList } from '@/components/paged-list';
import { UnreadBadge } from '@/components/unread-badge';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useMarkRead, useNotifications } from '../api/notifications';
import { NotificationItem } from '../components/notification-item';
import { PushOptIn } from '../components/push-opt-in';
import './notifications-page.css';

/**
 * The notification centre: new announcements at the top, then what happened to the
 * member's money and requests, newest first. Opening one marks it read; or everything at once.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const list = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const notices = unread.data?.notices ?? 0;
  return (
    <div className="notifications-page">
      <div className="notifications-page__bar">
        <span className="notifications-page__count" data-testid="notifications-unread">
          {t('notificationsUnread', { count: unread.data?.total ?? 0 })}
        </span>
        <Button
          size="small"
          fill="outline"
          color="primary"
          disabled={!unread.data?.total || markRead.isPending}
          onClick={() => markRead.mutate(null)}
          data-testid="notifications-mark-all"
        >
          {t('notificationsMarkAll')}
        </Button>
      </div>
      <PushOptIn />
      {notices > 0 && (
        <button
          type="button"
          className="plain-button notifications-page__notices"
          onClick={() => go(paths.noticeList.href())}
          data-testid="notifications-new-notices"
        >
          {t('notificationsNewNotices', { count: notices })}
          <UnreadBadge
            count={notices}
            label={t('notificationsNewNotices', { count: notices })}
            testId="notices-unread"
          />
        </button>
      )}
      <PagedList
        query={list}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <NotificationItem
            item={item}
            onOpen={(href) => {
              if (!item.read) markRead.mutate(item.id);
              go(href);
            }}
          />
        )}
        label={t('titleNotifications')}
        emptyText={t('notificationsEmpty')}
        failedText={t('notificationsLoadFailed')}
        testId="notification-list"
      />
    </div>
  );
}
