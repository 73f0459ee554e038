import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONFIG_CALLS } from '@minecloud/contract/config';
import type { Locale } from '@minecloud/contract/locales';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { requestLocale, useRequestLocale } from '@/lib/session';

type BasicConfig = CallAnswer<typeof CONFIG_CALLS.basicConfig>;

export function getBasicConfig(signal?: AbortSignal, showErrorToast = true): Promise<BasicConfig> {
  return api<BasicConfig>({ url: API.basicConfig, signal, showErrorToast });
}

/** Keyed by the request's language: its banners are in it. */
export function getBasicConfigQueryOptions(locale: Locale = requestLocale()) {
  return queryOptions({
    queryKey: ['basic-config', locale],
    queryFn: ({ signal }) => getBasicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBasicConfig() {
  return useQuery(getBasicConfigQueryOptions(useRequestLocale()));
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
