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
