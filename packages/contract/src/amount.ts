/**
 * The one place that turns amounts into atomic units and back. Amounts are bigint inside the
 * server and decimal strings on the wire; no float ever holds money.
 */
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
 * Display rule of spec point 5: truncate (never round) a decimal string to `places` decimals,
 * always showing exactly that many. Works on the string, so no float rounding can creep in.
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
