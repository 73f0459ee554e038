import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { networkKeys } from './network-keys';

export type NetworkDaySummary = CallAnswer<typeof TRANSPARENCY_CALLS.networkDays>['list'][number];

/** The hash-rate page's chart and the Transparency page's day picker cover the last 30 days. */
export const NETWORK_DAYS = 30;

/** The stored network days, oldest first, up to `days` ending yesterday (public). */
export async function getNetworkDays(days: number, signal?: AbortSignal): Promise<NetworkDaySummary[]> {
  const { list } = await api<CallAnswer<typeof TRANSPARENCY_CALLS.networkDays>>({
    url: API.networkDays,
    query: { days },
    signal,
    showErrorToast: false,
  });
  return list;
}

export function getNetworkDaysQueryOptions(days: number) {
  return queryOptions({ queryKey: networkKeys.days(days), queryFn: ({ signal }) => getNetworkDays(days, signal) });
}

export function useNetworkDays(days: number = NETWORK_DAYS) {
  return useQuery(getNetworkDaysQueryOptions(days));
}
