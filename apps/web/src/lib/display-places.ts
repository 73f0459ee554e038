import { type Asset, ENTRY_PLACES } from '@minecloud/contract/amount';

/**
 * Decimals a member sees for an asset: the one amount rule of the contract (gold coins and USDT 2,
 * BTC its 8), so what a screen shows is what a member may enter.
 */
export function displayPlaces(asset: Asset): number {
  return ENTRY_PLACES[asset];
}
