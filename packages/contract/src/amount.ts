/**
 * The one place that turns amounts into atomic units and back. Amounts are bigint inside the
 * server and decimal strings on the wire; no float ever holds money.
 */
import { LOCALES } from './locales.ts';

export const ASSET_SCALES = { GOLD: 2, USDT: 6, BTC: 8 } as const;
export type Asset = keyof typeof ASSET_SCALES;
export const ASSETS = Object.keys(ASSET_SCALES) as Asset[];

/** Largest amount any account may hold or move: fits a PostgreSQL bigint. */
export const MAX_UNITS = 2n ** 63n - 1n;

export const DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountProblem = 'notANumber' | 'tooManyDecimals' | 'tooLarge' | 'notPositive';
export type ParsedAmount = { ok: true; units: bigint } | { ok: false; reason: AmountProblem };

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && Object.hasOwn(ASSET_SCALES, value);
}

/** Parses a non-negative decimal string into atomic units of `asset`. */
export function parseAmount(text: string, asset: Asset): ParsedAmount {
  const scale = ASSET_SCALES[asset];
  const trimmed = text.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) return { ok: false, reason: 'notANumber' };
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.replace(/0+$/, '').length > scale) return { ok: false, reason: 'tooManyDecimals' };
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  if (units > MAX_UNITS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, units };
}

/**
 * The one amount rule a member meets, per asset: how many decimals a member may enter, and sees
 * (gold coins and USDT 2, as amounts are shown; BTC the 8 its screens show). The ledger keeps finer
 * units (ASSET_SCALES) for yields and splits, but no member call may create a sub-cent remainder.
 */
export const ENTRY_PLACES = { GOLD: 2, USDT: 2, BTC: 8 } as const satisfies Record<Asset, number>;

/** Like parsePositiveAmount, but refuses more decimals than a member may enter (ENTRY_PLACES). */
export function parseMemberAmount(text: string, asset: Asset): ParsedAmount {
  const parsed = parsePositiveAmount(text, asset);
  if (!parsed.ok && parsed.reason !== 'tooManyDecimals') return parsed;
  const fraction = text.trim().split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > ENTRY_PLACES[asset]) return { ok: false, reason: 'tooManyDecimals' };
  return parsed;
}

/**
 * The most of `units` a member can enter (ENTRY_PLACES), rounded down: what an "All" or a 50%
 * button fills in, so that the filled amount is never refused and never more than the balance.
 */
export function enterableUnits(units: bigint, asset: Asset): bigint {
  const step = 10n ** BigInt(ASSET_SCALES[asset] - ENTRY_PLACES[asset]);
  return units - (units % step);
}

/** Like parseAmount, but also refuses zero. */
export function parsePositiveAmount(text: string, asset: Asset): ParsedAmount {
  const parsed = parseAmount(text, asset);
  if (parsed.ok && parsed.units === 0n) return { ok: false, reason: 'notPositive' };
  return parsed;
}

/** Formats atomic units as a full-precision decimal string without trailing zeros. */
export function formatAmount(units: bigint, asset: Asset): string {
  const scale = BigInt(ASSET_SCALES[asset]);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** scale;
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(Number(scale), '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The display rule: truncate (never round, so no amount shown is more than there is) a decimal
 * string to `places` decimals, always showing exactly that many. Works on the string, so no float
 * rounding can creep in. Self-contained (no name from outside it): the member app's inline script
 * runs its source text.
 */
export function truncateDecimals(value: string | bigint, places = 2): string {
  const text = typeof value === 'bigint' ? value.toString() : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return places > 0 ? `0.${'0'.repeat(places)}` : '0';
  const sign = match[1] ?? '';
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').padEnd(places, '0').slice(0, places);
  const isZero = /^0+$/.test(whole) && /^0*$/.test(fraction);
  return `${isZero ? '' : sign}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/**
 * The display rule for a balance shown in parts (available, frozen, …) beside their total: each part
 * is truncated to `places` (ENTRY_PLACES by default) and the total shown is the sum of the shown
 * parts, so that what a screen shows adds up (truncating the true total could show one cent more
 * than the parts). Amounts are decimal strings of `asset`; finer digits than the asset keeps are cut,
 * and an unreadable amount counts as zero.
 */
export function shownParts(
  parts: readonly string[],
  asset: Asset,
  places: number = ENTRY_PLACES[asset],
): { parts: string[]; total: string } {
  const scale = ASSET_SCALES[asset];
  const keep = Math.min(places, scale);
  const step = 10n ** BigInt(scale - keep);
  let sum = 0n;
  const shown = parts.map((part) => {
    const parsed = parseAmount(truncateDecimals(part, scale), asset);
    const units = parsed.ok ? (parsed.units / step) * step : 0n;
    sum += units;
    return truncateDecimals(formatAmount(units, asset), places);
  });
  return { parts: shown, total: truncateDecimals(formatAmount(sum, asset), places) };
}

/**
 * A truncated amount with the locale's thousands separators (`5,961.50`): the display rule of
 * truncateDecimals, grouped on the whole part (a bigint, so no float ever holds it).
 */
export function groupedAmount(value: string | bigint, places = 2, locale?: string): string {
  const text = truncateDecimals(value, places);
  if (locale !== undefined && COMMA_LOCALES.has(locale)) return groupByThrees(text);
  const [sign, whole, fraction] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)?.slice(1) ?? ['', text, undefined];
  const digits = BigInt(whole ?? '0');
  const { format, decimal } = grouping(locale);
  return `${sign}${format.format(digits)}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/**
 * A truncated amount (truncateDecimals' text) grouped as the app's own languages group it: by threes
 * with ',', '.' before the decimals. Self-contained (no name from outside it): the member app's
 * inline script runs its source text to write an amount into its shell as the page will.
 */
export function groupByThrees(text: string): string {
  const [sign, whole, fraction] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)?.slice(1) ?? ['', text, undefined];
  const grouped = BigInt(whole ?? '0')
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * The app's own languages all group by threes with ',' and mark decimals with '.', as Intl does for
 * them (amount-rule.test.ts compares): no number format is built for them. The first one built took
 * a phone's first render of a list of amounts ~100 ms (ICU's locale data, at 8× CPU slowdown).
 */
const COMMA_LOCALES: ReadonlySet<string> = new Set(LOCALES);

/**
 * Another locale's grouping format and decimal sign, made once: building an Intl.NumberFormat costs
 * far more than using one.
 */
const groupings = new Map<string | undefined, { format: Intl.NumberFormat; decimal: string }>();
function grouping(locale: string | undefined): { format: Intl.NumberFormat; decimal: string } {
  let found = groupings.get(locale);
  if (!found) {
    // One format for both: a bigint is formatted without decimals, 1.5 shows the decimal sign.
    const format = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    found = { format, decimal };
    groupings.set(locale, found);
  }
  return found;
}
