import { API } from '@minecloud/contract/api-paths';
import type { Round } from '@minecloud/contract/market';
import type { RoundCandles } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { ROUNDS_REFRESH_MS } from './get-rounds';
import { roundsKeys } from './query-keys';

type RoundId = Pick<Round, 'period' | 'periodNo'>;

/** The stored 1-minute candles a round was decided on, with the round as the server has it (public). */
export function getRoundCandles({ period, periodNo }: RoundId, signal?: AbortSignal): Promise<RoundCandles> {
  return api<RoundCandles>({
    url: API.roundCandles,
    query: { period, periodNo },
    showErrorToast: false,
    signal,
  });
}

export function getRoundCandlesQueryOptions(round: RoundId) {
  return queryOptions({
    queryKey: roundsKeys.candles(round.period, round.periodNo),
    queryFn: ({ signal }) => getRoundCandles(round, signal),
    // A pending round is asked again, as the list is, until its candle arrives.
    refetchInterval: (query) => (query.state.data?.round.result === 'pending' ? ROUNDS_REFRESH_MS : false),
  });
}

export function useRoundCandles(round: RoundId) {
  return useQuery(getRoundCandlesQueryOptions(round));
}
