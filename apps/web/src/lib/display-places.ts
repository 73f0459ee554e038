import type { Asset } from '@minecloud/contract/amount';

/** Decimals a member sees for an asset: BTC amounts are small, so BTC keeps its 8 places. */
export function displayPlaces(asset: Asset): number {
  return asset === 'BTC' ? 8 : 2;
}
