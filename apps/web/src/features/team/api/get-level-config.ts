import { API } from '@minecloud/contract/api-paths';
import type { LevelConfig } from '@minecloud/contract/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { teamKeys } from './query-keys';

/** The member's level and its benefit, every level's conditions, and what is missing for the next one. */
export function getLevelConfig(signal?: AbortSignal): Promise<LevelConfig> {
  return api<LevelConfig>({ url: API.levelConfig, method: 'POST', signal });
}

export function getLevelConfigQueryOptions() {
  return queryOptions({ queryKey: teamKeys.levels(), queryFn: ({ signal }) => getLevelConfig(signal) });
}

export function useLevelConfig() {
  return useQuery(getLevelConfigQueryOptions());
}
