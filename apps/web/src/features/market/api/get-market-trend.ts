import { MARKET_API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MARKET_CALLS } from '@minecloud/contract/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { MARKET_REFRESH_MS, marketKeys } from './query-keys';

type MarketTrend = CallAnswer<typeof MARKET_CALLS.trendGet>;

/** Every coin with its 24 h change and hourly trend, and how many rose, fell or stayed flat (public). */
export function getMarketTrend(signal?: AbortSignal): Promise<MarketTrend> {
  // The page shows a failure in place; a toast every 30 s while offline would only nag.
  return api<MarketTrend>({ url: MARKET_API.trend, type: 'market', showErrorToast: false, signal });
}

export function getMarketTrendQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.trend(),
    queryFn: ({ signal }) => getMarketTrend(signal),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useMarketTrend() {
  return useQuery(getMarketTrendQueryOptions());
}
