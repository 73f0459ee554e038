import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { NOTIFICATION_CALLS } from '@minecloud/contract/notifications';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { whileNotLive } from '@/lib/live';
import { api } from '@/lib/request';
import { useIsLoggedIn } from '@/lib/session';

/**
 * The member's unread notifications and unseen notices: the badges on home, the notice
 * list and the notification centre. Asked again every minute while a badge shows it; a mark-read
 * answers the new count, which goes straight into the cache.
 */
export const UNREAD_REFETCH_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread'] as const,
  list: () => ['notifications', 'list'] as const,
};

type UnreadCount = CallAnswer<typeof NOTIFICATION_CALLS.notificationUnread>;

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api<UnreadCount>({ url: API.notificationUnread, signal, showErrorToast: false });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: () => whileNotLive(UNREAD_REFETCH_MS),
  });
}

/** The count, for a signed-in member only (a visitor has none and asks nothing). */
export function useUnreadCount() {
  const signedIn = useIsLoggedIn();
  return useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
}

/** The notice list was seen: its notices no longer count as unread. */
export async function markNoticesSeen(queryClient: QueryClient): Promise<void> {
  const count = await api<CallAnswer<typeof NOTIFICATION_CALLS.noticesSeen>>({
    url: API.noticesSeen,
    method: 'POST',
    showErrorToast: false,
  });
  queryClient.setQueryData(notificationKeys.unread(), count);
}
