import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { transparencyKeys } from './query-keys';

type TransparencyTotals = CallAnswer<typeof TRANSPARENCY_CALLS.transparencyTotals>;

/** Members, hash rate, donations and withdrawals paid, for everyone to see (public). */
export function getTransparencyTotals(signal?: AbortSignal): Promise<TransparencyTotals> {
  return api<TransparencyTotals>({ url: API.transparencyTotals, signal, showErrorToast: false });
}

export function getTransparencyTotalsQueryOptions() {
  return queryOptions({
    queryKey: transparencyKeys.totals(),
    queryFn: ({ signal }) => getTransparencyTotals(signal),
  });
}

export function useTransparencyTotals() {
  return useQuery(getTransparencyTotalsQueryOptions());
}
