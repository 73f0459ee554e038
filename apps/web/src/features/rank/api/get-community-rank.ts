import { API } from '@minecloud/contract/api-paths';
import type { CommunityRank } from '@minecloud/contract/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { RANK_PAGE_SIZE } from './get-performance-rank';
import { rankKeys } from './query-keys';

/** One page of the community ranking, by whole-team performance. */
export function getCommunityRank(pageNo: number, signal?: AbortSignal): Promise<CommunityRank> {
  return api<CommunityRank>({
    url: API.communityRank,
    method: 'POST',
    data: { pageNo, pageSize: RANK_PAGE_SIZE },
    signal,
  });
}

export function getCommunityRankQueryOptions() {
  return infiniteQueryOptions({
    queryKey: rankKeys.community(),
    queryFn: ({ pageParam, signal }) => getCommunityRank(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useCommunityRank() {
  return useInfiniteQuery(getCommunityRankQueryOptions());
}
