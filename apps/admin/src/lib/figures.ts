/**
 * A decimal string as the server sent it, with thousands separators in its whole part
 * (`9999999.5` → `9,999,999.5`): every digit kept, no float on the way (amounts are exact).
 * Anything that is not a plain decimal is shown as it came.
 */
export function groupDigits(value: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}
