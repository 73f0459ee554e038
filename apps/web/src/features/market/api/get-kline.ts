import { MARKET_API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { KlineInterval, MARKET_CALLS } from '@minecloud/contract/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { MARKET_REFRESH_MS, marketKeys } from './query-keys';

type KlineInfo = CallAnswer<typeof MARKET_CALLS.klineGet>;

/** The newest `limit` candles of `symbol` at `interval`, oldest first (public). */
export function getKline(
  symbol: string,
  interval: KlineInterval,
  limit: number,
  signal?: AbortSignal,
): Promise<KlineInfo> {
  // A refused range ("must not exceed") is shown in place of the chart, with the server's words.
  return api<KlineInfo>({
    url: MARKET_API.kline,
    type: 'market',
    query: { symbol, interval, limit },
    showErrorToast: false,
    signal,
  });
}

export function getKlineQueryOptions(symbol: string, interval: KlineInterval, limit: number) {
  return queryOptions({
    queryKey: marketKeys.kline(symbol, interval, limit),
    queryFn: ({ signal }) => getKline(symbol, interval, limit, signal),
    // The newest candle is still forming.
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useKline(symbol: string, interval: KlineInterval, limit: number) {
  return useQuery(getKlineQueryOptions(symbol, interval, limit));
}
