import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './query-keys';

type BannerDelete = typeof CONSOLE_CALLS.bannerDelete;

export function deleteBanner(id: CallParams<BannerDelete>['id']): Promise<CallAnswer<BannerDelete>> {
  return api.del<CallAnswer<BannerDelete>>(adminPath(ADMIN_API.banner, { id }));
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.banners }),
  });
}
