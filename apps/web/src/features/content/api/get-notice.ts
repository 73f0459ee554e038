import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONTENT_CALLS } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { requestLocale, useRequestLocale } from '@/lib/session';
import { contentKeys } from './query-keys';

/** One notice or article with its sanitized HTML. */
export type NoticeAnswer = CallAnswer<typeof CONTENT_CALLS.noticeGet>;

/** An id the server can look up: digits, no leading zero (contract noticeGetQuerySchema). */
export const NOTICE_ID = /^[1-9]\d{0,17}$/;

/** One published notice or article with its sanitized HTML (public). */
export function getNotice(id: string, signal?: AbortSignal): Promise<NoticeAnswer> {
  return api<NoticeAnswer>({ url: API.noticeGet, query: { id }, showErrorToast: false, signal });
}

export function getNoticeQueryOptions(id: string, locale: Locale = requestLocale()) {
  return queryOptions({
    queryKey: contentKeys.detail(id, locale),
    queryFn: ({ signal }) => getNotice(id, signal),
    enabled: NOTICE_ID.test(id),
  });
}

export function useNotice(id: string) {
  return useQuery(getNoticeQueryOptions(id, useRequestLocale()));
}
