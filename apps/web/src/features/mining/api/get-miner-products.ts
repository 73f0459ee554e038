import { API } from '@minecloud/contract/api-paths';
import type { MinerProduct } from '@minecloud/contract/miner';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { miningKeys } from './query-keys';

export const PRODUCTS_PAGE_SIZE = 10;

export type MinerProductPage = { list: MinerProduct[]; total: number };

/** One page of the miner catalogue (public: no sign-in needed). */
export function getMinerProducts(pageNo: number, signal?: AbortSignal): Promise<MinerProductPage> {
  return api<MinerProductPage>({
    url: API.minerProducts,
    method: 'POST',
    data: { pageNo, pageSize: PRODUCTS_PAGE_SIZE },
    signal,
  });
}

export function getMinerProductsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: miningKeys.products(),
    queryFn: ({ pageParam, signal }) => getMinerProducts(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useMinerProducts() {
  return useInfiniteQuery(getMinerProductsQueryOptions());
}
