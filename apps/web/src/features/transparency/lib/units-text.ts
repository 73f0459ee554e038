import { type Asset, formatAmount } from '@minecloud/contract/amount';

/** Atomic units (text) as the asset's exact decimal; text that is not a count is shown as sent. */
export function unitsText(units: string, asset: Asset): string {
  return /^\d{1,40}$/.test(units) ? formatAmount(BigInt(units), asset) : units;
}

/**
 * A token's smallest units (text) as its exact decimal, without trailing zeros ("200", "0.2"): what a
 * commitment holds is the units, so the page shows them rather than the decimal sent beside them.
 */
export function tokenUnitsText(units: string, decimals: number): string {
  if (!/^\d{1,80}$/.test(units)) return units;
  const scale = 10n ** BigInt(decimals);
  const value = BigInt(units);
  const fraction = decimals > 0 ? (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return fraction ? `${value / scale}.${fraction}` : `${value / scale}`;
}
