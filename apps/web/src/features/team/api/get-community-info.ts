import { API } from '@minecloud/contract/api-paths';
import type { CommunityOverview } from '@minecloud/contract/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { teamKeys } from './query-keys';

/** The platform-wide community figures of the team tab: members, active members, performance (public). */
export function getCommunityInfo(signal?: AbortSignal): Promise<CommunityOverview> {
  return api<CommunityOverview>({ url: API.communityInfo, signal });
}

export function getCommunityInfoQueryOptions() {
  return queryOptions({ queryKey: teamKeys.community(), queryFn: ({ signal }) => getCommunityInfo(signal) });
}

export function useCommunityInfo() {
  return useQuery(getCommunityInfoQueryOptions());
}
