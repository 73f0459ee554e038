import type { Notification } from '@minecloud/contract/notifications';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { useLocale } from '@/lib/locale';
import { notificationView } from '../lib/notification-view';
import './notification-item.css';

/** One notification: what happened, in the member's language, and when; a tap opens its page. */
export function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (href: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const view = notificationView(item, t, locale);
  return (
    <button
      type="button"
      className={item.read ? 'plain-button notification-item' : 'plain-button notification-item is-unread'}
      onClick={() => onOpen(view.href)}
      data-testid={`notification-${item.id}`}
      data-read={item.read}
    >
      <span className="notification-item__title">
        {!item.read && <span className="notification-item__dot" aria-hidden="true" />}
        {view.title}
      </span>
      <span className="notification-item__body">{view.body}</span>
      <time className="notification-item__time" dateTime={item.createdAt}>
        {formatLocalTime(item.createdAt)}
      </time>
    </button>
  );
}
