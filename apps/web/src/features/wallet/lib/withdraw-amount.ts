import { enterableUnits, formatAmount, parseAmount } from '@minecloud/contract/amount';
import { type WithdrawAsset, walletLimitKey } from '@minecloud/contract/wallet';
import { type AmountProblem, checkAmount } from '@/lib/amount-check';

/** The fee taken from each withdrawal and the least one may be, in atomic units of the asset. */
export type WithdrawTerms = { fee: bigint; min: bigint };

function unitsOfLimit(value: string | undefined, asset: WithdrawAsset): bigint | null {
  if (value === undefined) return null;
  const parsed = parseAmount(value, asset);
  return parsed.ok ? parsed.units : null;
}

/**
 * The fee and minimum of `asset` from the basic config's limits. Without a readable fee the form
 * cannot say what arrives, so it is not offered (null); without a minimum, the fee is the floor.
 */
export function withdrawTerms(limits: Record<string, string>, asset: WithdrawAsset): WithdrawTerms | null {
  const fee = unitsOfLimit(limits[walletLimitKey.fee(asset)], asset);
  if (fee === null) return null;
  const min = unitsOfLimit(limits[walletLimitKey.min(asset)], asset) ?? 0n;
  return { fee, min };
}

/**
 * The amount a quick-select button fills in: `percent` of the available units, rounded down to the
 * decimals a member may enter (ENTRY_PLACES: never more than the balance, never refused), written exactly.
 */
export function quickAmountText(available: bigint, percent: number, asset: WithdrawAsset): string {
  return formatAmount(enterableUnits((available * BigInt(percent)) / 100n, asset), asset);
}

/** The problems of every amount field (told the same on every form), and a withdrawal's own. */
export type WithdrawAmountProblem = AmountProblem | { reason: 'belowMinimum' } | { reason: 'notAboveFee' };

/** `amount` is the canonical decimal sent; `received` what the address gets (amount − fee). */
export type CheckedWithdrawAmount =
  | { ok: true; units: bigint; amount: string; received: bigint }
  | ({ ok: false } & WithdrawAmountProblem);

/**
 * Checks a typed withdrawal amount against the balance and the terms, in bigint units. The order
 * follows what the member can do about it: type a number, reach the minimum, have the balance.
 */
export function checkWithdrawAmount(
  text: string,
  asset: WithdrawAsset,
  available: bigint,
  terms: WithdrawTerms,
): CheckedWithdrawAmount {
  const checked = checkAmount(text, asset);
  if (!checked.ok) return checked;
  const units = checked.units;
  if (units < terms.min) return { ok: false, reason: 'belowMinimum' };
  if (units > available) return { ok: false, reason: 'insufficient' };
  if (units <= terms.fee) return { ok: false, reason: 'notAboveFee' };
  return { ok: true, units, amount: formatAmount(units, asset), received: units - terms.fee };
}

/** What would arrive for a typed amount, whatever else is wrong with it; null when nothing would. */
export function receivedPreview(text: string, asset: WithdrawAsset, fee: bigint): bigint | null {
  const parsed = parseAmount(text, asset);
  return parsed.ok && parsed.units > fee ? parsed.units - fee : null;
}
