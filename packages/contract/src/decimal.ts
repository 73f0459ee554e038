import { type Asset, formatAmount, groupedAmount, parseAmount } from './amount.ts';

/**
 * Exact arithmetic on decimal strings, shared by the server and both apps: prices as sources give
 * them, rates from the settings, amounts as members type them. Every helper moves digits or works in
 * BigInt units; no float ever holds a value. amount.ts turns an asset's amounts into units and back.
 */

/** A non-negative decimal as a price source gives it (leading zeros allowed), and a signed one. */
export const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
export const SIGNED_DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;

function scaled(value: string, digits: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole + fraction.padEnd(digits, '0'));
  return negative ? -units : units;
}

function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * Compares two exact decimal strings, signs and trailing zeros included: −1, 0 or 1. Both sides are
 * scaled to the same number of fraction digits and compared as BigInts.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const digits = Math.max(fractionDigits(a), fractionDigits(b));
  const x = scaled(a, digits);
  const y = scaled(b, digits);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The decimal string of `units` / 10^digits, trailing zeros trimmed ("60012.5"). */
export function unitsToDecimal(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits ? text.slice(text.length - digits).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Rates (burn rate, BTC per TH per day) are exact decimal strings from the settings. Applying one to
 * an integer amount multiplies by its digits and divides by its power of ten, rounding toward zero.
 */
export function applyRate(units: bigint, rate: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new Error(`not a decimal rate: ${rate}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  return (units * numerator) / 10n ** BigInt(fraction.length);
}

/**
 * A rate (an exact decimal from 0 to 1, "0.05") as a percentage ("5"), by moving the decimal point:
 * no float ever holds it. Null when the text is not a plain decimal.
 */
export function rateToPercent(rate: string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const digits = `${whole}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${digits}.${rest}` : digits;
}

/**
 * `part` as a percentage of `whole` (more than 0), truncated (never rounded) to 2 decimals and kept
 * within 0 to 100: "66.66". Works in basis points, so no float is involved.
 */
export function percentText(part: bigint, whole: bigint): string {
  const basisPoints = (part * 10_000n) / whole;
  const capped = basisPoints < 0n ? 0n : basisPoints > 10_000n ? 10_000n : basisPoints;
  return `${capped / 100n}.${String(capped % 100n).padStart(2, '0')}`;
}

/** `rateToPercent` for a rate known to be one (a setting's value): text that is not is shown as it is. */
export function percentOf(rate: string): string {
  return rateToPercent(rate) ?? rate;
}

/**
 * An exact amount in full, with at least 2 decimals: what a member is about to pay or move, never
 * cut short. With a `locale` it is for reading only, its whole part grouped (`8,641.975237`); without
 * one it stays a plain decimal, which a field may be filled with.
 */
export function exactAmountText(units: bigint, asset: Asset, locale?: string): string {
  const [whole = '0', fraction = ''] = formatAmount(units, asset).split('.');
  const digits = fraction.padEnd(2, '0');
  return locale === undefined ? `${whole}.${digits}` : groupedAmount(`${whole}.${digits}`, digits.length, locale);
}

/** `exactAmountText` of USDT, what miners and shares are paid in. */
export function usdtText(units: bigint, locale?: string): string {
  return exactAmountText(units, 'USDT', locale);
}

/** The USDT units of an amount string from the server, or null when it is absent or not one. */
export function usdtUnits(value: string | null | undefined): bigint | null {
  if (value == null) return null;
  const parsed = parseAmount(value, 'USDT');
  return parsed.ok ? parsed.units : null;
}

/** A signed decimal string in atomic units of `asset`; null when it is not one. */
export function signedUnits(text: string, asset: Asset): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed, asset);
  if (!parsed.ok) return null;
  return negative ? -parsed.units : parsed.units;
}
