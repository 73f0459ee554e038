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
