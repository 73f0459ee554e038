import { API } from '@minecloud/contract/api-paths';
import type { MinerStatus, MyMiner } from '@minecloud/contract/miner';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { miningKeys } from './query-keys';

export const MY_MINERS_PAGE_SIZE = 10;

export type MyMinerPage = { list: MyMiner[]; total: number };

/** One page of the member's miners in one status, newest first. */
export function getMyMiners(status: MinerStatus, pageNo: number, signal?: AbortSignal): Promise<MyMinerPage> {
  return api<MyMinerPage>({
    url: API.myMiners,
    method: 'POST',
    data: { status, pageNo, pageSize: MY_MINERS_PAGE_SIZE },
    signal,
  });
}

export function getMyMinersQueryOptions(status: MinerStatus) {
  return infiniteQueryOptions({
    queryKey: miningKeys.myMiners(status),
    queryFn: ({ pageParam, signal }) => getMyMiners(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useMyMiners(status: MinerStatus) {
  return useInfiniteQuery(getMyMinersQueryOptions(status));
}
