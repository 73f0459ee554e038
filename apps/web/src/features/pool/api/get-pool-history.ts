import { API } from '@minecloud/contract/api-paths';
import type { PoolRound } from '@minecloud/contract/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { poolKeys } from './query-keys';

export const POOL_HISTORY_PAGE_SIZE = 10;

export type PoolHistoryPage = { list: PoolRound[]; total: number };

/** One page of settled rounds, newest first, each with its frozen ranking and payouts (public). */
export function getPoolHistory(pageNo: number, signal?: AbortSignal): Promise<PoolHistoryPage> {
  return api<PoolHistoryPage>({
    url: API.poolHistory,
    query: { pageNo, pageSize: POOL_HISTORY_PAGE_SIZE },
    signal,
  });
}

export function getPoolHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: poolKeys.history(),
    queryFn: ({ pageParam, signal }) => getPoolHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function usePoolHistory() {
  return useInfiniteQuery(getPoolHistoryQueryOptions());
}
