import { API } from '@minecloud/contract/api-paths';
import type { EquityRound } from '@minecloud/contract/equity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { equityKeys } from './query-keys';

/** The open equity round, or null while none is open (public: no sign-in needed). */
export function getEquityRound(signal?: AbortSignal): Promise<EquityRound | null> {
  return api<EquityRound | null>({ url: API.equityRound, signal });
}

export function getEquityRoundQueryOptions() {
  return queryOptions({ queryKey: equityKeys.round(), queryFn: ({ signal }) => getEquityRound(signal) });
}

export function useEquityRound() {
  return useQuery(getEquityRoundQueryOptions());
}
