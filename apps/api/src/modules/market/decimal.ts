/**
 * Exact comparison of non-negative decimal strings (prices as sources give them), without floats:
 * both sides are scaled to the same number of fraction digits and compared as BigInts.
 */
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
