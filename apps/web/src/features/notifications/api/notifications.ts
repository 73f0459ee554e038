import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { NOTIFICATION_CALLS } from '@minecloud/contract/notifications';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/api/unread-count';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationPage = CallAnswer<typeof NOTIFICATION_CALLS.notifications>;
/** What marking one or all read answers: the badges' new count. */
type MarkedAnswer = CallAnswer<
  typeof NOTIFICATION_CALLS.notificationRead | typeof NOTIFICATION_CALLS.notificationReadAll
>;

/** One page of the member's notifications, newest first. */
export function getNotifications(pageNo: number, signal?: AbortSignal): Promise<NotificationPage> {
  return api<NotificationPage>({
    url: API.notifications,
    query: { pageNo, pageSize: NOTIFICATIONS_PAGE_SIZE },
    showErrorToast: false,
    signal,
  });
}

export function useNotifications() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationKeys.list(),
      queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageNo,
    }),
  );
}

/** Marks one read (or, without an id, all and every notice): the list and the badges follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api<MarkedAnswer>(
        id === null
          ? { url: API.notificationReadAll, method: 'POST', showErrorToast: false }
          : {
              url: API.notificationRead,
              method: 'POST',
              data: { id } satisfies CallBody<typeof NOTIFICATION_CALLS.notificationRead>,
              showErrorToast: false,
            },
      ),
    onSuccess: (count, id) => {
      queryClient.setQueryData(notificationKeys.unread(), count);
      queryClient.setQueryData<{ pages: NotificationPage[]; pageParams: unknown[] }>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                list: page.list.map((n) => (id === null || n.id === id ? { ...n, read: true } : n)),
              })),
            }
          : data,
      );
    },
  });
}
