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

/** A rate ("0.05") as a percentage ("5"), exactly: the decimal point moves two places. */
export function percentOf(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}
