import { type Asset, isAsset } from '@minecloud/contract/amount';

/** A comma-separated asset list of the basic config (`transferAssets`, `donationAssets`). */
export function parseAssetList(value: string | undefined): Asset[] {
  const assets = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(isAsset);
  return [...new Set(assets)];
}
