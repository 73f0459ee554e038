import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '@/api/unread-count';
import { Icon } from '@/components/icons';
import { UnreadBadge } from '@/components/unread-badge';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';

/** The bell in the home header: opens the notification centre, with the unread count. */
export function HomeBell() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const unread = useUnreadCount();
  const count = unread.data?.total;
  return (
    <button
      type="button"
      className="plain-button home__bell"
      onClick={() => go(paths.notifications.href())}
      aria-label={t('titleNotifications')}
      data-testid="home-bell"
    >
      <Icon name="bell" size={22} />
      <UnreadBadge count={count} label={t('notificationsUnread', { count: count ?? 0 })} testId="home-unread" />
    </button>
  );
}
