import type { Asset } from '@minecloud/contract/amount';
import { ASSET_QUERIES_ROOT } from '@/api/invalidate-money';

/**
 * Every query of this feature starts with `assets`, so one invalidation refreshes them all after a
 * money call; the earnings query (src/api/get-earnings.ts) shares the root.
 */
export const assetKeys = {
  all: ASSET_QUERIES_ROOT,
  records: (asset: Asset, kind: string | undefined) => ['assets', 'records', asset, kind ?? 'all'] as const,
  donations: () => ['assets', 'donations'] as const,
};
