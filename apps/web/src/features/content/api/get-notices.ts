import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONTENT_CALLS, NoticeType } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { requestLocale, useRequestLocale } from '@/lib/session';
import { contentKeys } from './query-keys';

export const NOTICES_PAGE_SIZE = 10;

export type NoticePage = CallAnswer<typeof CONTENT_CALLS.noticePage>;

/** One page of published notices or articles, newest first (public). */
export function getNotices(
  type: NoticeType,
  pageNo: number,
  options: { pageSize?: number; showErrorToast?: boolean; signal?: AbortSignal } = {},
): Promise<NoticePage> {
  return api<NoticePage>({
    url: API.noticePage,
    query: { pageNo, pageSize: options.pageSize ?? NOTICES_PAGE_SIZE, type },
    showErrorToast: options.showErrorToast ?? false,
    signal: options.signal,
  });
}

export function getNoticesQueryOptions(type: NoticeType, locale: Locale = requestLocale()) {
  return infiniteQueryOptions({
    queryKey: contentKeys.list(type, locale),
    queryFn: ({ pageParam, signal }) => getNotices(type, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useNotices(type: NoticeType) {
  return useInfiniteQuery(getNoticesQueryOptions(type, useRequestLocale()));
}

/** The newest notice, for the bar on home; a failure only hides its title. */
export function getLatestNoticeQueryOptions(locale: Locale = requestLocale()) {
  return queryOptions({
    queryKey: contentKeys.latest(locale),
    queryFn: async ({ signal }) => {
      const page = await getNotices('notice', 1, { pageSize: 1, signal });
      return page.list[0] ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useLatestNotice() {
  return useQuery(getLatestNoticeQueryOptions(useRequestLocale()));
}
