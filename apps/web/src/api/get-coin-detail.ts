import { MARKET_API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MARKET_CALLS } from '@minecloud/contract/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';

type CoinDetail = CallAnswer<typeof MARKET_CALLS.coinDetailGet>;

/** Prices move: a screen showing one asks again this often while it is open. */
const REFRESH_MS = 30_000;

/** One coin's latest price and 24 h figures (public): the candlestick page, and BTC's value in my assets. */
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
    // Under the market's keys, so refreshing the market refreshes it too.
    queryKey: ['market', 'detail', symbol],
    queryFn: ({ signal }) => getCoinDetail(symbol, signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useCoinDetail(symbol: string) {
  return useQuery(getCoinDetailQueryOptions(symbol));
}
