import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { FEEDBACK_CALLS } from '@minecloud/contract/content';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { feedbackKeys } from './query-keys';

export const FEEDBACK_PAGE_SIZE = 10;

export type FeedbackPage = CallAnswer<typeof FEEDBACK_CALLS.feedbackList>;

/** One page of the member's own feedback, newest first, each with the platform's reply if any. */
export function getFeedbackList(pageNo: number, signal?: AbortSignal): Promise<FeedbackPage> {
  const body: CallBody<typeof FEEDBACK_CALLS.feedbackList> = { pageNo, pageSize: FEEDBACK_PAGE_SIZE };
  return api<FeedbackPage>({
    url: API.feedbackList,
    method: 'POST',
    data: body,
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
