import { API } from '@minecloud/contract/api-paths';
import type { PerformanceRank, PerformanceRankType } from '@minecloud/contract/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { rankKeys } from './query-keys';

export const RANK_PAGE_SIZE = 20;

/** One page of the ranking by new performance: `daily` the last closed day (final), `new` today so far. */
export function getPerformanceRank(
  type: PerformanceRankType,
  pageNo: number,
  signal?: AbortSignal,
): Promise<PerformanceRank> {
  return api<PerformanceRank>({
    url: API.performanceRank,
    method: 'POST',
    data: { type, pageNo, pageSize: RANK_PAGE_SIZE },
    signal,
  });
}

export function getPerformanceRankQueryOptions(type: PerformanceRankType) {
  return infiniteQueryOptions({
    queryKey: rankKeys.performance(type),
    queryFn: ({ pageParam, signal }) => getPerformanceRank(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function usePerformanceRank(type: PerformanceRankType) {
  return useInfiniteQuery(getPerformanceRankQueryOptions(type));
}
