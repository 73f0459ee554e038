import { API } from '@minecloud/contract/api-paths';
import type { poolPowerAnswerSchema } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/request';
import { networkKeys } from './network-keys';

export type PoolPower = z.infer<typeof poolPowerAnswerSchema>;

/** The network's live hash rate, the hash rate ever burned, and the miners mining now (public). */
export function getPoolPower(signal?: AbortSignal): Promise<PoolPower> {
  return api<PoolPower>({ url: API.poolPower, signal });
}

export function getPoolPowerQueryOptions() {
  return queryOptions({ queryKey: networkKeys.poolPower(), queryFn: ({ signal }) => getPoolPower(signal) });
}

export function usePoolPower() {
  return useQuery(getPoolPowerQueryOptions());
}
