import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { assetKeys } from './query-keys';

export type DonationPage = CallAnswer<typeof ASSET_CALLS.donations>;
export type Donation = DonationPage['list'][number];

export const DONATIONS_PAGE_SIZE = 20;

/** The public list of donations, newest first (amount, shortened address, time). */
export function getDonations(pageNo: number, signal?: AbortSignal): Promise<DonationPage> {
  return api<DonationPage>({ url: API.donations, query: { pageNo, pageSize: DONATIONS_PAGE_SIZE }, signal });
}

export function getDonationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: assetKeys.donations(),
    queryFn: ({ pageParam, signal }) => getDonations(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useDonations() {
  return useInfiniteQuery(getDonationsQueryOptions());
}
