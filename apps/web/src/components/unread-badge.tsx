import './unread-badge.css';

/** A small red count over an icon or beside a label; nothing at 0. Over 99 shows 99+. */
export function UnreadBadge({ count, label, testId }: { count: number | undefined; label: string; testId: string }) {
  if (!count) return null;
  return (
    <span className="unread-badge" role="img" aria-label={label} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
