import { type Asset, formatAmount, parseAmount } from '@minecloud/contract/amount';

/** A signed decimal string in atomic units of `asset`; null when it is not one. */
export function signedUnits(text: string, asset: Asset): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed, asset);
  if (!parsed.ok) return null;
  return negative ? -parsed.units : parsed.units;
}

export function unitsText(units: bigint, asset: Asset): string {
  return formatAmount(units, asset);
}

/** For drawing only (bar heights): never for money. */
export function magnitude(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}
