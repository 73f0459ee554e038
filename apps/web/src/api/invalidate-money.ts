import type { QueryClient } from '@tanstack/react-query';
import { getBalancesQueryOptions } from './get-balances';
import { getUserQueryOptions } from './get-user';

/**
 * The root key of every asset query (earnings, records, donations): features/assets builds its keys
 * under it, and anything that moves money refreshes them through this one call.
 */
export const ASSET_QUERIES_ROOT = ['assets'] as const;

/** After money moved: balances, earnings, records, donations and the member's own balances. */
export function invalidateMoneyQueries(
  queryClient: QueryClient,
  options?: Parameters<QueryClient['invalidateQueries']>[1],
): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ASSET_QUERIES_ROOT }, options),
    queryClient.invalidateQueries({ queryKey: getBalancesQueryOptions().queryKey }, options),
    queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }, options),
  ]).then(() => undefined);
}
