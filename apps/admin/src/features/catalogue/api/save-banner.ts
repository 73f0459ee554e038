import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './query-keys';

type BannerAdd = typeof CONSOLE_CALLS.bannerAdd;
type BannerEdit = typeof CONSOLE_CALLS.bannerEdit;

export type BannerInput = CallBody<BannerAdd>;

/** Creates a banner without `id`, else replaces banner `id`. */
export function saveBanner({
  id,
  input,
}: {
  id?: CallParams<BannerEdit>['id'];
  input: BannerInput;
}): Promise<CallAnswer<BannerEdit> | CallAnswer<BannerAdd>> {
  return id
    ? api.put<CallAnswer<BannerEdit>>(adminPath(ADMIN_API.banner, { id }), input)
    : api.post<CallAnswer<BannerAdd>>(ADMIN_API.banners, input);
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.banners }),
  });
}
