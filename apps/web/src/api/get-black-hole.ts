import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { networkKeys } from './network-keys';

export type BlackHole = CallAnswer<typeof MINER_CALLS.blackHole>;

/** Hash rate burned into the black hole: in total and since today's start (public). */
export function getBlackHole(signal?: AbortSignal, quiet = false): Promise<BlackHole> {
  return api<BlackHole>({ url: API.blackHole, method: 'POST', signal, showErrorToast: !quiet });
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getBlackHoleQueryOptions(quiet = false) {
  return queryOptions({ queryKey: networkKeys.blackHole(), queryFn: ({ signal }) => getBlackHole(signal, quiet) });
}

export function useBlackHole() {
  return useQuery(getBlackHoleQueryOptions());
}
