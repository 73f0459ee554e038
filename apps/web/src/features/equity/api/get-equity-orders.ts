import { API } from '@minecloud/contract/api-paths';
import type { EquityOrder, EquityOrderStatus } from '@minecloud/contract/equity';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { equityKeys } from './query-keys';

export const EQUITY_ORDERS_PAGE_SIZE = 10;

export type EquityOrderPage = { list: EquityOrder[]; total: number };

/** One page of the member's share orders in one status, newest first. */
export function getEquityOrders(
  status: EquityOrderStatus,
  pageNo: number,
  signal?: AbortSignal,
): Promise<EquityOrderPage> {
  return api<EquityOrderPage>({
    url: API.equityOrders,
    query: { status, pageNo, pageSize: EQUITY_ORDERS_PAGE_SIZE },
    signal,
  });
}

export function getEquityOrdersQueryOptions(status: EquityOrderStatus) {
  return infiniteQueryOptions({
    queryKey: equityKeys.orders(status),
    queryFn: ({ pageParam, signal }) => getEquityOrders(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useEquityOrders(status: EquityOrderStatus) {
  return useInfiniteQuery(getEquityOrdersQueryOptions(status));
}
