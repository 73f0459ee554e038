import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { ASSET_QUERIES_ROOT } from '@/api/invalidate-money';

/**
 * Withdrawals and deposits move money: their lists sit under the asset root, so the one
 * invalidation after any money call (invalidateMoneyQueries) refreshes them too.
 */
export const walletKeys = {
  withdrawals: (asset: WithdrawAsset) => [...ASSET_QUERIES_ROOT, 'withdrawals', asset] as const,
  deposits: () => [...ASSET_QUERIES_ROOT, 'deposits'] as const,
  /** Not money, but it changes with time (an address's wait ends): its own root. */
  addressBook: () => ['address-book'] as const,
};
