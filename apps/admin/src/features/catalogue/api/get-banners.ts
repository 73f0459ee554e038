import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './query-keys';

export function getBanners(): Promise<CallAnswer<typeof CONSOLE_CALLS.bannerList>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.bannerList>>(ADMIN_API.banners);
}

export function useBanners() {
  return useQuery({ queryKey: catalogueKeys.banners, queryFn: getBanners });
}
