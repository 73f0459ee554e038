import type { QueryClient } from '@tanstack/react-query';
import { getBalancesQueryOptions } from '@/api/get-balances';
import { getUserQueryOptions } from '@/api/get-user';
import { assetKeys } from './query-keys';

/** After money moved: balances, earnings, records, donations and the member's own balances. */
export function invalidateMoneyQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    queryClient.invalidateQueries({ queryKey: getBalancesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
  ]).then(() => undefined);
}
