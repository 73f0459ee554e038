import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { ASSET_QUERIES_ROOT } from './invalidate-money';

export type Earnings = CallAnswer<typeof ASSET_CALLS.earnings>;

/** Earned in total and still claimable, in USDT and BTC (the asset pages, equity reinvestment). */
export function getEarnings(signal?: AbortSignal, quiet = false): Promise<Earnings> {
  return api<Earnings>({ url: API.earnings, signal, showErrorToast: !quiet });
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getEarningsQueryOptions(quiet = false) {
  return queryOptions({
    queryKey: [...ASSET_QUERIES_ROOT, 'earnings'],
    queryFn: ({ signal }) => getEarnings(signal, quiet),
  });
}

export function useEarnings() {
  return useQuery(getEarningsQueryOptions());
}
