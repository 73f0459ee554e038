import { API } from '@minecloud/contract/api-paths';
import type { CommunityOverview } from '@minecloud/contract/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { teamKeys } from './query-keys';

/** The platform-wide community figures of the team tab: members, active members, performance (public). */
export function getCommunityInfo(signal?: AbortSignal, quiet = false): Promise<CommunityOverview> {
  return api<CommunityOverview>({ url: API.communityInfo, signal, showErrorToast: !quiet });
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getCommunityInfoQueryOptions(quiet = false) {
  return queryOptions({ queryKey: teamKeys.community(), queryFn: ({ signal }) => getCommunityInfo(signal, quiet) });
}

export function useCommunityInfo() {
  return useQuery(getCommunityInfoQueryOptions());
}
