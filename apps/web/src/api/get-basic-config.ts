import { API } from '@minecloud/contract/api-paths';
import type { BasicConfig } from '@minecloud/contract/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';

export function getBasicConfig(signal?: AbortSignal): Promise<BasicConfig> {
  return api<BasicConfig>({ url: API.basicConfig, signal });
}

export function getBasicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['basic-config'],
    queryFn: ({ signal }) => getBasicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBasicConfig() {
  return useQuery(getBasicConfigQueryOptions());
}
