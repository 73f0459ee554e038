import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

type ProductAdd = typeof CONSOLE_CALLS.productAdd;
type ProductEdit = typeof CONSOLE_CALLS.product;
type BannerAdd = typeof CONSOLE_CALLS.bannerAdd;
type BannerEdit = typeof CONSOLE_CALLS.bannerEdit;
type BannerDelete = typeof CONSOLE_CALLS.bannerDelete;

export type ProductInput = CallBody<ProductAdd>;
export type BannerInput = CallBody<BannerAdd>;

export const productsKey = ['catalogue', 'products'] as const;
export const bannersKey = ['catalogue', 'banners'] as const;

export function useProducts() {
  return useQuery({
    queryKey: productsKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.productList>>(ADMIN_API.products),
  });
}

/** Creates a product without `id`, else replaces product `id`. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: CallParams<ProductEdit>['id']; input: ProductInput }) =>
      id
        ? api.put<CallAnswer<ProductEdit>>(adminPath(ADMIN_API.product, { id }), input)
        : api.post<CallAnswer<ProductAdd>>(ADMIN_API.products, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

export function useBanners() {
  return useQuery({
    queryKey: bannersKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.bannerList>>(ADMIN_API.banners),
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: CallParams<BannerEdit>['id']; input: BannerInput }) =>
      id
        ? api.put<CallAnswer<BannerEdit>>(adminPath(ADMIN_API.banner, { id }), input)
        : api.post<CallAnswer<BannerAdd>>(ADMIN_API.banners, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: CallParams<BannerDelete>['id']) =>
      api.del<CallAnswer<BannerDelete>>(adminPath(ADMIN_API.banner, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}
