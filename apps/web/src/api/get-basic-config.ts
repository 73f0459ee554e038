import { API } from '@minecloud/contract/api-paths';
import type { BasicConfig } from '@minecloud/contract/config';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';

export function getBasicConfig(signal?: AbortSignal, showErrorToast = true): Promise<BasicConfig> {
  return api<BasicConfig>({ url: API.basicConfig, signal, showErrorToast });
}

export function getBasicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['basic-config'],
    queryFn: ({ signal }) => getBasicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBasicConfig() {
  return useQuery(getBasicConfigQueryOptions());
}

/**
 * Asks for the basic config at start, while the interface's messages load, so that home's banner
 * (the largest paint) need not wait for the first render to be requested. Silent: a failure leaves
 * the query in error, and the first component that uses it asks again (with its usual toast).
 */
export function prefetchBasicConfig(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    ...getBasicConfigQueryOptions(),
    queryFn: ({ signal }) => getBasicConfig(signal, false),
  });
}
