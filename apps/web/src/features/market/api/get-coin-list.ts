import { MARKET_API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MARKET_CALLS } from '@minecloud/contract/market';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { MARKET_REFRESH_MS, marketKeys } from './query-keys';

export const COIN_PAGE_SIZE = 20;
/** The chain zone shows every public chain's coin on one screen: there are a handful. */
export const CHAIN_ZONE_SIZE = 50;

// The query's schema coerces its numbers from text (its input type is `unknown`): the app sends these.
type CoinListQuery = { pageNo: number; pageSize: number; chain?: true };
type CoinInfoList = CallAnswer<typeof MARKET_CALLS.coinListGet>;

/** One page of coins with their latest price and 24 h figures (public); `chain` keeps public chains' coins only. */
export function getCoinList(query: CoinListQuery, signal?: AbortSignal): Promise<CoinInfoList> {
  return api<CoinInfoList>({ url: MARKET_API.coinList, type: 'market', query, showErrorToast: false, signal });
}

export function getChainCoinsQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.chainCoins(),
    queryFn: ({ signal }) => getCoinList({ pageNo: 1, pageSize: CHAIN_ZONE_SIZE, chain: true }, signal),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useChainCoins() {
  return useQuery(getChainCoinsQueryOptions());
}

/** The coins the signed-out home leads with: the list's first ones. */
export const HOME_COINS = 5;

/** The home's top coins; live like every market query (the stream's price events refresh `market`). */
export function getTopCoinsQueryOptions() {
  return queryOptions({
    queryKey: marketKeys.topCoins(),
    queryFn: ({ signal }) => getCoinList({ pageNo: 1, pageSize: HOME_COINS }, signal),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useTopCoins() {
  return useQuery(getTopCoinsQueryOptions());
}

export function getCoinPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: marketKeys.coinPages(),
    queryFn: ({ pageParam, signal }) => getCoinList({ pageNo: pageParam, pageSize: COIN_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useCoinPages() {
  return useInfiniteQuery(getCoinPagesQueryOptions());
}
