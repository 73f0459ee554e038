import { API } from '@minecloud/contract/api-paths';
import type { blackHoleAnswerSchema } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/request';
import { networkKeys } from './network-keys';

export type BlackHole = z.infer<typeof blackHoleAnswerSchema>;

/** Hash rate burned into the black hole: in total and since today's start (public). */
export function getBlackHole(signal?: AbortSignal): Promise<BlackHole> {
  return api<BlackHole>({ url: API.blackHole, method: 'POST', signal });
}

export function getBlackHoleQueryOptions() {
  return queryOptions({ queryKey: networkKeys.blackHole(), queryFn: ({ signal }) => getBlackHole(signal) });
}

export function useBlackHole() {
  return useQuery(getBlackHoleQueryOptions());
}
