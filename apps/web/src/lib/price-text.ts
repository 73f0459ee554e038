import { truncateDecimals } from '@minecloud/contract/amount';

/** Shown where the feed has not delivered a figure yet. */
export const NO_FIGURE = '--';

export type ChangeDirection = 'up' | 'down' | 'flat';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Puts a comma between each group of three digits of the whole part ("-97123.45" → "-97,123.45"). */
export function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Decimal places a price keeps: 2 from 1 USDT up (as amounts are shown), and below 1 USDT four significant
 * digits (at most 8 places), or a 0.2412 coin would read 0.24 and never seem to move.
 */
export function pricePlaces(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match || /[1-9]/.test(match[2] ?? '')) return 2;
  const leadingZeros = /^0*/.exec(match[3] ?? '')?.[0].length ?? 0;
  return Math.min(8, leadingZeros + 4);
}

/** A price as shown: truncated, never rounded, with thousands separators; `--` before the feed has one. */
export function priceText(value: string | null | undefined): string {
  if (value == null || !DECIMAL.test(value.trim())) return NO_FIGURE;
  return groupThousands(truncateDecimals(value, pricePlaces(value)));
}

/** Whether a signed decimal is above, below or at zero, read from its digits. */
export function changeDirection(value: string | null | undefined): ChangeDirection | null {
  const match = value == null ? null : DECIMAL.exec(value.trim());
  if (!match) return null;
  if (!/[1-9]/.test(`${match[2]}${match[3] ?? ''}`)) return 'flat';
  return match[1] === '-' ? 'down' : 'up';
}

/** A 24 h change in percent with its sign, truncated to 2 places: "+1.25%", "-0.00%", "0.00%". */
export function changeText(pct: string | null | undefined): string {
  const direction = changeDirection(pct);
  if (!pct || !direction) return NO_FIGURE;
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  return `${sign}${truncateDecimals(pct.trim().replace(/^-/, ''), 2)}%`;
}

const COMPACT_UNITS = [
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
  { digits: 3, suffix: 'K' },
] as const;

/**
 * A volume in few characters ("18234567.5" → "18.23M"), truncated: the decimal point moves along
 * the digits, so no float is involved.
 */
export function volumeText(value: string | null | undefined): string {
  const match = value == null ? null : DECIMAL.exec(value.trim());
  if (!match) return NO_FIGURE;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[3] ?? '';
  const unit = COMPACT_UNITS.find(({ digits }) => whole.length > digits);
  if (!unit) return truncateDecimals(`${whole}.${fraction}`, 2);
  const cut = whole.length - unit.digits;
  const shifted = `${whole.slice(0, cut)}.${whole.slice(cut)}${fraction}`;
  return `${groupThousands(truncateDecimals(shifted, 2))}${unit.suffix}`;
}
