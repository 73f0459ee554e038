import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/request';
import { transparencyKeys } from './query-keys';

type SolvencyAnswer = CallAnswer<typeof TRANSPARENCY_CALLS.solvency>;

/** The days of proof of solvency the page shows, charts and checks (the server's default). */
export const SOLVENCY_DAYS = 40;

/**
 * The published days of proof of solvency, newest first, with the chain's facts (public). Before the
 * first day is published the server may answer "not found": that is nothing yet (null), not a failure.
 */
export async function getSolvency(days: number, signal?: AbortSignal): Promise<SolvencyAnswer | null> {
  try {
    const answer = await api<SolvencyAnswer>({
      url: API.solvency,
      query: { days },
      signal,
      showErrorToast: false,
    });
    return answer.list.length > 0 ? answer : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function getSolvencyQueryOptions(days = SOLVENCY_DAYS) {
  return queryOptions({
    queryKey: transparencyKeys.solvency(days),
    queryFn: ({ signal }) => getSolvency(days, signal),
  });
}

export function useSolvency(days = SOLVENCY_DAYS) {
  return useQuery(getSolvencyQueryOptions(days));
}
