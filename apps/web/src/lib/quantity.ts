/**
 * Whole-number quantities (miners, shares): what a member typed is read as it is, never rewritten
 * into something else. `1.5` or `-5` is refused with a message, not turned into 15 or 5; a number
 * above what the member may buy is brought down to that limit, and the screen says why.
 */

export type ParsedQuantity =
  | { ok: true; value: number }
  | { ok: false; reason: 'noQuantity' }
  | { ok: false; reason: 'notWholeNumber' };

// Some phone keyboards (Chinese IMEs in full-width mode) type ０-９: the same digits.
const FULL_WIDTH_DIGITS = /[\uFF10-\uFF19]/g;

/**
 * Reads a typed quantity: spaces around it are ignored; anything but the digits 0-9 (a sign, a
 * decimal point, an exponent, a letter) makes it not a whole number. `007` reads 7.
 */
export function parseWholeNumber(text: string): ParsedQuantity {
  const trimmed = text.trim().replace(FULL_WIDTH_DIGITS, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (!trimmed) return { ok: false, reason: 'noQuantity' };
  if (!/^[0-9]+$/.test(trimmed)) return { ok: false, reason: 'notWholeNumber' };
  return { ok: true, value: Number(trimmed) };
}

/** What one purchase is judged against: its minimum, what is left, and the USDT units of one. */
export type QuantityTerms = { min: number; stock: number; price: bigint | null };

/**
 * The most a member may buy now. `stock`: what is left binds (or the balance is unknown). `balance`:
 * the available balance pays for fewer than are left. `unaffordable`: the balance does not even pay
 * for the minimum, so nothing is brought below it (`max` stays at the stock) and the member is told.
 */
export type QuantityLimit = { max: number; reason: 'stock' | 'balance' | 'unaffordable' };

/** The limit of a purchase, in bigint USDT units (never floats); an unknown balance limits nothing. */
export function quantityLimit(terms: QuantityTerms, available: bigint | null): QuantityLimit {
  const stock = Math.max(0, terms.stock);
  if (available === null || terms.price === null || terms.price <= 0n) return { max: stock, reason: 'stock' };
  const affordable = available / terms.price;
  if (affordable < BigInt(Math.max(1, terms.min))) return { max: stock, reason: 'unaffordable' };
  if (affordable < BigInt(stock)) return { max: Number(affordable), reason: 'balance' };
  return { max: stock, reason: 'stock' };
}

/**
 * What typing `text` leaves in the box: a whole number above the limit becomes the limit, and
 * `clampedBy` says which one; anything else stays as typed (refused or judged when buying). Nothing
 * is brought below the minimum (a limit under it means the member cannot buy: the check says so).
 */
export function clampQuantity(
  text: string,
  min: number,
  limit: QuantityLimit | null,
): { text: string; clampedBy: 'stock' | 'balance' | null } {
  const parsed = parseWholeNumber(text);
  if (!parsed.ok || limit === null || limit.max < min || parsed.value <= limit.max) return { text, clampedBy: null };
  // Short of the minimum, the balance limits nothing: only the stock does.
  return { text: String(limit.max), clampedBy: limit.reason === 'balance' ? 'balance' : 'stock' };
}

/** What the screen says under the box about the limit, or null when the quantity is within it. */
export type QuantityNote = { reason: 'stock' | 'balance'; max: number } | { reason: 'unaffordable' };

/**
 * Why the quantity cannot go higher: said once it reaches the limit (typed above and brought down,
 * or stepped up to it); when not even the minimum is affordable, said whatever is typed.
 */
export function quantityNote(text: string, min: number, limit: QuantityLimit | null): QuantityNote | null {
  if (limit === null) return null;
  if (limit.reason === 'unaffordable') return { reason: 'unaffordable' };
  const parsed = parseWholeNumber(text);
  if (!parsed.ok || limit.max < min || parsed.value < limit.max) return null;
  return { reason: limit.reason, max: limit.max };
}

export type QuantityProblem =
  | { reason: 'noQuantity' }
  | { reason: 'notWholeNumber' }
  | { reason: 'belowMinimum'; min: number }
  | { reason: 'aboveStock'; max: number }
  | { reason: 'noPrice' }
  | { reason: 'insufficient' };

export type CheckedQuantity = { ok: true; quantity: number; total: bigint } | ({ ok: false } & QuantityProblem);

/**
 * Checks a typed quantity before buying, in the order the member meets the problems: typed, a
 * whole number, at least the minimum, at most what is left, then the balance when known.
 */
export function checkQuantity(text: string, terms: QuantityTerms, available: bigint | null): CheckedQuantity {
  const parsed = parseWholeNumber(text);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const quantity = parsed.value;
  const min = Math.max(1, terms.min);
  if (quantity < min) return { ok: false, reason: 'belowMinimum', min };
  if (quantity > terms.stock || !Number.isSafeInteger(quantity)) {
    return { ok: false, reason: 'aboveStock', max: Math.max(0, terms.stock) };
  }
  if (terms.price === null) return { ok: false, reason: 'noPrice' };
  const total = terms.price * BigInt(quantity);
  if (available !== null && total > available) return { ok: false, reason: 'insufficient' };
  return { ok: true, quantity, total };
}
