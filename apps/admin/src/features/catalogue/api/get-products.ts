import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './query-keys';

export function getProducts(): Promise<CallAnswer<typeof CONSOLE_CALLS.productList>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.productList>>(ADMIN_API.products);
}

export function useProducts() {
  return useQuery({ queryKey: catalogueKeys.products, queryFn: getProducts });
}
