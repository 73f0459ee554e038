import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { EQUITY_CALLS } from '@minecloud/contract/equity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { equityKeys } from './query-keys';

export type EquityOrderDetail = CallAnswer<typeof EQUITY_CALLS.equityOrder>;

/** One share order: what it has earned, what the member can claim now, and its recent days. */
export function getEquityOrder(id: string, signal?: AbortSignal): Promise<EquityOrderDetail> {
  // A missing order shows as this page's error state, not as a toast on top of it.
  return api<EquityOrderDetail>({ url: API.equityOrder, query: { id }, signal, showErrorToast: false });
}

export function getEquityOrderQueryOptions(id: string) {
  return queryOptions({ queryKey: equityKeys.order(id), queryFn: ({ signal }) => getEquityOrder(id, signal) });
}

export function useEquityOrder(id: string) {
  return useQuery(getEquityOrderQueryOptions(id));
}
