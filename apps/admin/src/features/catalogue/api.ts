import { ADMIN_API, type AdminBanner, adminPath, type Product } from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ProductInput = Omit<Product, 'id'>;
export type BannerInput = Omit<AdminBanner, 'id'>;

export const productsKey = ['catalogue', 'products'] as const;
export const bannersKey = ['catalogue', 'banners'] as const;

export function useProducts() {
  return useQuery({
    queryKey: productsKey,
    queryFn: () => api.get<{ list: Product[] }>(ADMIN_API.products),
  });
}

/** Creates a product without `id`, else replaces product `id`. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProductInput }) =>
      id ? api.put<Product>(adminPath(ADMIN_API.product, { id }), input) : api.post<Product>(ADMIN_API.products, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

export function useBanners() {
  return useQuery({
    queryKey: bannersKey,
    queryFn: () => api.get<{ list: AdminBanner[] }>(ADMIN_API.banners),
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BannerInput }) =>
      id
        ? api.put<AdminBanner>(adminPath(ADMIN_API.banner, { id }), input)
        : api.post<AdminBanner>(ADMIN_API.banners, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<unknown>(adminPath(ADMIN_API.banner, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}
