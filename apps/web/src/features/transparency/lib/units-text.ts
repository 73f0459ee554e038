import { type Asset, formatAmount } from '@minecloud/contract/amount';

/** Atomic units (text) as the asset's exact decimal; text that is not a count is shown as sent. */
export function unitsText(units: string, asset: Asset): string {
  return /^\d{1,40}$/.test(units) ? formatAmount(BigInt(units), asset) : units;
}
