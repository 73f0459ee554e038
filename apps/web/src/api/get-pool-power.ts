import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { networkKeys } from './network-keys';

export type PoolPower = CallAnswer<typeof MINER_CALLS.poolPower>;

/** The network's live hash rate, the hash rate ever burned, and the miners mining now (public). */
export function getPoolPower(signal?: AbortSignal, quiet = false): Promise<PoolPower> {
  return api<PoolPower>({ url: API.poolPower, signal, showErrorToast: !quiet });
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getPoolPowerQueryOptions(quiet = false) {
  return queryOptions({ queryKey: networkKeys.poolPower(), queryFn: ({ signal }) => getPoolPower(signal, quiet) });
}

export function usePoolPower() {
  return useQuery(getPoolPowerQueryOptions());
}
