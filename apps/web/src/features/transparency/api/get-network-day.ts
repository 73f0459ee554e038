import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { transparencyKeys } from './query-keys';

export type NetworkDayAnswer = CallAnswer<typeof TRANSPARENCY_CALLS.networkDay>;

/** One network day with its blocks as the source gave them (public). */
export function getNetworkDay(day: string, signal?: AbortSignal): Promise<NetworkDayAnswer> {
  return api<NetworkDayAnswer>({ url: API.networkDay, query: { day }, signal, showErrorToast: false });
}

export function getNetworkDayQueryOptions(day: string) {
  return queryOptions({
    queryKey: transparencyKeys.networkDay(day),
    queryFn: ({ signal }) => getNetworkDay(day, signal),
    // A settled day's blocks do not change.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Asked once a day is picked. */
export function useNetworkDay(day: string | null) {
  return useQuery({ ...getNetworkDayQueryOptions(day ?? ''), enabled: day !== null });
}
