import { WITHDRAW_ASSETS, type WithdrawAsset } from '@minecloud/contract/wallet';

/** The asset a `?asset=` value names, USDT when it names none (a plain check: no schema code on the page). */
export function withdrawAssetFrom(value: string | null): WithdrawAsset {
  return WITHDRAW_ASSETS.find((asset) => asset === value) ?? 'USDT';
}
