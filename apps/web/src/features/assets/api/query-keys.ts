import type { Asset } from '@minecloud/contract/amount';
import { ASSET_QUERIES_ROOT } from '@/api/invalidate-money';

/** Every query of this feature starts with `assets`, so one invalidation refreshes them all after a money call. */
export const assetKeys = {
  all: ASSET_QUERIES_ROOT,
  earnings: () => ['assets', 'earnings'] as const,
  records: (asset: Asset, kind: string | undefined) => ['assets', 'records', asset, kind ?? 'all'] as const,
  donations: () => ['assets', 'donations'] as const,
};
