import { API } from '@minecloud/contract/api-paths';
import type { FeedbackRow } from '@minecloud/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { feedbackKeys } from './query-keys';

export const FEEDBACK_PAGE_SIZE = 10;

export type FeedbackPage = { list: FeedbackRow[]; total: number };

/** One page of the member's own feedback, newest first, each with the platform's reply if any. */
export function getFeedbackList(pageNo: number, signal?: AbortSignal): Promise<FeedbackPage> {
  return api<FeedbackPage>({
    url: API.feedbackList,
    method: 'POST',
    data: { pageNo, pageSize: FEEDBACK_PAGE_SIZE },
    showErrorToast: false,
    signal,
  });
}

export function getFeedbackListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: feedbackKeys.list(),
    queryFn: ({ pageParam, signal }) => getFeedbackList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useFeedbackList() {
  return useInfiniteQuery(getFeedbackListQueryOptions());
}
