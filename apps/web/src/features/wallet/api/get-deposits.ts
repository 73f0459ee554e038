import { API } from '@minecloud/contract/api-paths';
import type { Deposit } from '@minecloud/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { walletKeys } from './query-keys';

export const DEPOSITS_PAGE_SIZE = 20;
/** A deposit waits for its confirmations: the list looks again this often while one is confirming. */
export const DEPOSITS_REFRESH_MS = 10_000;

export type DepositPage = { list: Deposit[]; total: number };

/** One page of the member's deposits, newest first. */
export function getDeposits(pageNo: number, signal?: AbortSignal): Promise<DepositPage> {
  return api<DepositPage>({ url: API.depositPage, query: { pageNo, pageSize: DEPOSITS_PAGE_SIZE }, signal });
}

export function getDepositsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.deposits(),
    queryFn: ({ pageParam, signal }) => getDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((item) => item.status === 'confirming'))
        ? DEPOSITS_REFRESH_MS
        : false,
  });
}

export function useDeposits() {
  return useInfiniteQuery(getDepositsQueryOptions());
}
