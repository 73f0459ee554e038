import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './query-keys';

type ProductAdd = typeof CONSOLE_CALLS.productAdd;
type ProductEdit = typeof CONSOLE_CALLS.product;

export type ProductInput = CallBody<ProductAdd>;

/** Creates a product without `id`, else replaces product `id`. */
export function saveProduct({
  id,
  input,
}: {
  id?: CallParams<ProductEdit>['id'];
  input: ProductInput;
}): Promise<CallAnswer<ProductEdit> | CallAnswer<ProductAdd>> {
  return id
    ? api.put<CallAnswer<ProductEdit>>(adminPath(ADMIN_API.product, { id }), input)
    : api.post<CallAnswer<ProductAdd>>(ADMIN_API.products, input);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
  });
}
