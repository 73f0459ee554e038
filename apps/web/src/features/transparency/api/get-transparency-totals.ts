import { API } from '@minecloud/contract/api-paths';
import type { TransparencyTotals } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { transparencyKeys } from './query-keys';

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
