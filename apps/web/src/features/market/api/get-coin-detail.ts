import { MARKET_API } from '@minecloud/contract/api-paths';
import type { CoinDetail } from '@minecloud/contract/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { MARKET_REFRESH_MS, marketKeys } from './query-keys';

/** One coin's latest price and 24 h figures (public). */
export function getCoinDetail(symbol: string, signal?: AbortSignal): Promise<CoinDetail> {
  return api<CoinDetail>({
    url: MARKET_API.coinDetail,
    type: 'market',
    query: { symbol },
    showErrorToast: false,
    signal,
  });
}

export function getCoinDetailQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: marketKeys.detail(symbol),
    queryFn: ({ signal }) => getCoinDetail(symbol, signal),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useCoinDetail(symbol: string) {
  return useQuery(getCoinDetailQueryOptions(symbol));
}
