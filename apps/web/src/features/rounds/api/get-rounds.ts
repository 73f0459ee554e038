import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { ROUND_CALLS } from '@minecloud/contract/market';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { whileNotLive } from '@/lib/live';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { roundsKeys } from './query-keys';

export const ROUNDS_PAGE_SIZE = 20;
/** A round ends every minute: the list asks again this often so new results show. */
export const ROUNDS_REFRESH_MS = 20_000;

export type RoundPeriod = 1 | 3;
type RoundsPage = CallAnswer<typeof ROUND_CALLS.rounds>;

/** One page of `period`-minute rounds, newest first, each with its open and close price (public). */
export function getRounds(period: RoundPeriod, pageNo: number, signal?: AbortSignal): Promise<RoundsPage> {
  return api<RoundsPage>({
    url: API.rounds,
    query: { period, pageNo, pageSize: ROUNDS_PAGE_SIZE },
    showErrorToast: false,
    signal,
  });
}

export function getRoundsQueryOptions(period: RoundPeriod) {
  return infiniteQueryOptions({
    queryKey: roundsKeys.list(period),
    queryFn: ({ pageParam, signal }) => getRounds(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    // While the live stream is up, a settled round comes by itself (api/live-stream.ts).
    refetchInterval: () => whileNotLive(ROUNDS_REFRESH_MS),
  });
}

export function useRounds(period: RoundPeriod) {
  return useInfiniteQuery(getRoundsQueryOptions(period));
}
