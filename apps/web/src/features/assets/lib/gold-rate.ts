import { ASSET_SCALES, ENTRY_PLACES, formatAmount } from '@minecloud/contract/amount';
import { type AmountProblem, checkAmount, unitsOf } from '@/lib/amount-check';

/** USDT has 6 decimals and gold 2: gold units = USDT units × rate / 10^4. */
const UNIT_SHIFT = 10n ** BigInt(ASSET_SCALES.USDT - ASSET_SCALES.GOLD);

/** The `goldPerUsdt` limit of the basic config as a bigint, or null when it is missing or odd. */
export function parseGoldRate(value: string | undefined): bigint | null {
  if (!value || !/^[1-9]\d{0,8}$/.test(value.trim())) return null;
  return BigInt(value.trim());
}

/** Gold units bought by `usdtUnits`, or null when the amount does not convert exactly (the server refuses it). */
export function goldForUsdt(usdtUnits: bigint, rate: bigint): bigint | null {
  const scaled = usdtUnits * rate;
  return scaled % UNIT_SHIFT === 0n ? scaled / UNIT_SHIFT : null;
}

/**
 * The most USDT decimals a member may enter that always convert exactly at `rate`: the amount rule's
 * 2 (ENTRY_PLACES) at the default rate of 100, fewer at a rate that would split a gold cent.
 */
export function exactUsdtPlaces(rate: bigint): number {
  for (let places: number = ENTRY_PLACES.USDT; places > 0; places -= 1) {
    const step = 10n ** BigInt(ASSET_SCALES.USDT - places);
    if ((step * rate) % UNIT_SHIFT === 0n) return places;
  }
  return 0;
}

export type CheckedTopUp =
  | { ok: true; usdtUnits: bigint; amountUsdt: string; goldUnits: bigint }
  | ({ ok: false } & AmountProblem);

/** Checks a top-up amount in USDT: a valid, affordable amount that buys a whole number of gold cents. */
export function checkTopUp(text: string, available: string, rate: bigint): CheckedTopUp {
  const checked = checkAmount(text, 'USDT', available);
  if (!checked.ok) {
    // USDT allows 6 decimals, but only amounts that convert exactly can be bought.
    if (checked.reason === 'tooManyDecimals')
      return { ok: false, reason: 'tooManyDecimals', places: exactUsdtPlaces(rate) };
    return checked;
  }
  const goldUnits = goldForUsdt(checked.units, rate);
  if (goldUnits === null) return { ok: false, reason: 'tooManyDecimals', places: exactUsdtPlaces(rate) };
  return { ok: true, usdtUnits: checked.units, amountUsdt: checked.amount, goldUnits };
}

/** The largest part of `available` USDT that converts exactly: what "All" fills in. */
export function mostConvertibleUsdt(available: string, rate: bigint): string {
  const units = unitsOf(available, 'USDT');
  const step = 10n ** BigInt(ASSET_SCALES.USDT - exactUsdtPlaces(rate));
  return formatAmount(units - (units % step), 'USDT');
}
