import { API } from '@minecloud/contract/api-paths';
import type { PoolCurrent } from '@minecloud/contract/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { useIsLoggedIn } from '@/lib/session';
import { poolKeys } from './query-keys';

/** Once a round has ended, ask again this often until the next round shows (the settlement takes a moment). */
export const ENDED_ROUND_POLL_MS = 15_000;

/** This round's pool, its terms and ranking, and what the reader forged (public: "0" for a visitor). */
export function getPoolCurrent(signal?: AbortSignal): Promise<PoolCurrent> {
  return api<PoolCurrent>({ url: API.poolCurrent, signal });
}

export function getPoolCurrentQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: poolKeys.current(signedIn),
    queryFn: ({ signal }) => getPoolCurrent(signal),
    refetchInterval: (query) => {
      const endsAt = query.state.data ? Date.parse(query.state.data.endsAt) : Number.NaN;
      return endsAt <= Date.now() ? ENDED_ROUND_POLL_MS : false;
    },
  });
}

export function usePoolCurrent() {
  return useQuery(getPoolCurrentQueryOptions(useIsLoggedIn()));
}
