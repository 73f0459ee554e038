import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { LiabilityRoot, TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/request';
import { transparencyKeys } from './query-keys';

type LiabilitiesAnswer = CallAnswer<typeof TRANSPARENCY_CALLS.liabilities>;

/** The days of published roots the page shows and charts. */
export const LIABILITY_DAYS = 30;

/**
 * The published roots of the last `days` days, newest day first (public). Before the first snapshot
 * the server may answer "not found": that is an empty list, not a failure.
 */
export async function getLiabilities(days: number, signal?: AbortSignal): Promise<LiabilityRoot[]> {
  try {
    const answer = await api<LiabilitiesAnswer>({
      url: API.liabilities,
      query: { days },
      signal,
      showErrorToast: false,
    });
    return answer.list;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function getLiabilitiesQueryOptions(days = LIABILITY_DAYS) {
  return queryOptions({
    queryKey: transparencyKeys.liabilities(days),
    queryFn: ({ signal }) => getLiabilities(days, signal),
  });
}

export function useLiabilities(days = LIABILITY_DAYS) {
  return useQuery(getLiabilitiesQueryOptions(days));
}
