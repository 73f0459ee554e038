import { API } from '@minecloud/contract/api-paths';
import type { donationPageSchema } from '@minecloud/contract/asset';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { assetKeys } from './query-keys';

export type DonationPage = z.infer<typeof donationPageSchema>;
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
