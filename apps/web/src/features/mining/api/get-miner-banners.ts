import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { Locale } from '@minecloud/contract/locales';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { requestLocale, useRequestLocale } from '@/lib/session';
import { miningKeys } from './query-keys';

export type MinerBanners = CallAnswer<typeof MINER_CALLS.minerBanners>;

/** The banners above the miner shop (public). Decoration: a failure is not toasted. */
export function getMinerBanners(signal?: AbortSignal): Promise<MinerBanners> {
  return api<MinerBanners>({ url: API.minerBanners, method: 'POST', showErrorToast: false, signal });
}

export function getMinerBannersQueryOptions(locale: Locale = requestLocale()) {
  return queryOptions({
    queryKey: miningKeys.banners(locale),
    queryFn: ({ signal }) => getMinerBanners(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMinerBanners() {
  return useQuery(getMinerBannersQueryOptions(useRequestLocale()));
}
