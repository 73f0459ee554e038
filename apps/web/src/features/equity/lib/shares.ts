import { ENTRY_PLACES, formatAmount, parseMemberAmount, truncateDecimals } from '@minecloud/contract/amount';
import { percentText, usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { EquityRound } from '@minecloud/contract/equity';
import { groupDecimal } from '@/lib/money-text';
import { checkQuantity, type QuantityLimit, type QuantityTerms, quantityLimit } from '@/lib/quantity';

type RoundTerms = Pick<EquityRound, 'pricePerShare' | 'minQuantity' | 'sharesRemaining'>;

/** A USDT amount string from the server in full, with at least 2 decimals (as sent when unreadable). */
export function usdtFull(value: string, locale?: string): string {
  const units = usdtUnits(value);
  return units === null ? value : usdtText(units, locale);
}

/**
 * A USDT amount truncated to 2 decimals like every amount; an amount too small for 2 decimals (a
 * day's earnings on a few shares) keeps its own places rather than reading as 0.00.
 */
export function usdtShort(value: string, locale?: string): string {
  const short = truncateDecimals(value, 2);
  const units = usdtUnits(value);
  const text = units === null || units === 0n || /[1-9]/.test(short) ? short : formatAmount(units, 'USDT');
  return locale === undefined ? text : groupDecimal(text, locale);
}

/** The fewest shares one purchase takes (a round with no minimum sells one at a time). */
export function minimumShares(round: Pick<EquityRound, 'minQuantity'>): number {
  return Math.max(1, round.minQuantity);
}

/** Whether the shares left can still cover one minimum purchase. */
export function isSoldOut(round: Pick<EquityRound, 'minQuantity' | 'sharesRemaining'>): boolean {
  return round.sharesRemaining < minimumShares(round);
}

export function soldShares(round: Pick<EquityRound, 'totalShares' | 'sharesRemaining'>): number {
  return Math.max(0, round.totalShares - round.sharesRemaining);
}

/** Percent of the round sold, truncated to 2 decimals, as text ("30.25") and as a number for the bar. */
export function soldPercent(round: Pick<EquityRound, 'totalShares' | 'sharesRemaining'>): {
  text: string;
  value: number;
} {
  if (round.totalShares <= 0) return { text: '0.00', value: 0 };
  const text = percentText(BigInt(soldShares(round)), BigInt(round.totalShares));
  return { text, value: Number(text) };
}

/** USDT units of `price × quantity`, in bigint: never a float. Null when the price is not a USDT amount. */
export function sharesCost(price: string, quantity: number): bigint | null {
  const units = usdtUnits(price);
  if (units === null || !Number.isSafeInteger(quantity) || quantity < 0) return null;
  return units * BigInt(quantity);
}

export type BuyProblem =
  | { reason: 'noRound' }
  | { reason: 'noQuantity' }
  | { reason: 'notWholeNumber' }
  | { reason: 'belowMinimum'; min: number }
  | { reason: 'aboveRemaining'; max: number }
  | { reason: 'insufficient' };

export type CheckedBuy = { ok: true; quantity: number; total: bigint } | ({ ok: false } & BuyProblem);

/** What a share purchase is judged against: the minimum, the shares left and the USDT units of one. */
function termsOf(round: RoundTerms): QuantityTerms {
  return { min: minimumShares(round), stock: round.sharesRemaining, price: usdtUnits(round.pricePerShare) };
}

/** The most shares the member may buy now: the shares left, and what the balance pays when known. */
export function shareBuyLimit(round: RoundTerms, available: bigint | null): QuantityLimit {
  return quantityLimit(termsOf(round), available);
}

/**
 * Checks a share purchase before it is sent, in the order the member meets the problems: the
 * quantity (typed, a whole number, at least the minimum, at most the shares left), then the
 * balance when known.
 */
export function checkShareBuy(
  round: RoundTerms | null | undefined,
  quantityText: string,
  available: bigint | null,
): CheckedBuy {
  if (!round) return { ok: false, reason: 'noRound' };
  const checked = checkQuantity(quantityText, termsOf(round), available);
  if (checked.ok) return checked;
  switch (checked.reason) {
    case 'noPrice':
      return { ok: false, reason: 'noRound' };
    case 'aboveStock':
      return { ok: false, reason: 'aboveRemaining', max: checked.max };
    default:
      return checked;
  }
}

/** What an amount of earnings buys: whole shares only; the rest stays in earnings. */
export function reinvestPlan(amount: bigint, price: bigint): { quantity: number; payment: bigint; rest: bigint } {
  if (price <= 0n) return { quantity: 0, payment: 0n, rest: amount };
  const quantity = amount / price;
  const payment = quantity * price;
  return { quantity: Number(quantity), payment, rest: amount - payment };
}

/**
 * The least USDT a reinvestment takes: the round's `minReinvestU`, or the price of its minimum
 * quantity when that is more (the server refuses fewer whole shares than the minimum).
 */
export function minimumReinvest(round: RoundTerms & Pick<EquityRound, 'minReinvestU'>): bigint {
  const configured = usdtUnits(round.minReinvestU) ?? 0n;
  const minimumBuy = sharesCost(round.pricePerShare, minimumShares(round)) ?? 0n;
  return configured > minimumBuy ? configured : minimumBuy;
}

export type ReinvestProblem =
  | { reason: 'noRound' }
  | { reason: 'required' }
  | { reason: 'invalid' }
  | { reason: 'notPositive' }
  | { reason: 'tooManyDecimals'; places: number }
  | { reason: 'belowMinimum'; min: bigint }
  | { reason: 'aboveEarnings' }
  | { reason: 'aboveRemaining'; max: number };

/** `amount` is the canonical decimal string sent to the server, so a retry sends the same body. */
export type CheckedReinvest =
  | { ok: true; amount: string; units: bigint; quantity: number; payment: bigint; rest: bigint }
  | ({ ok: false } & ReinvestProblem);

/**
 * Checks a reinvestment of USDT earnings before it is sent: typed, a USDT amount, at least the
 * minimum, at most the claimable earnings (when known), and no more shares than are left.
 */
export function checkReinvest(
  round: (RoundTerms & Pick<EquityRound, 'minReinvestU'>) | null | undefined,
  text: string,
  earnings: bigint | null,
): CheckedReinvest {
  if (!round) return { ok: false, reason: 'noRound' };
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: 'required' };
  const parsed = parseMemberAmount(trimmed, 'USDT');
  if (!parsed.ok) {
    if (parsed.reason === 'tooManyDecimals') return { ok: false, reason: 'tooManyDecimals', places: ENTRY_PLACES.USDT };
    if (parsed.reason === 'tooLarge') return { ok: false, reason: 'aboveEarnings' };
    // Zero is told as on every amount field, not as below the minimum.
    if (parsed.reason === 'notPositive') return { ok: false, reason: 'notPositive' };
    return { ok: false, reason: 'invalid' };
  }
  const units = parsed.units;
  const price = usdtUnits(round.pricePerShare);
  if (price === null || price === 0n) return { ok: false, reason: 'noRound' };
  const min = minimumReinvest(round);
  if (units < min) return { ok: false, reason: 'belowMinimum', min };
  if (earnings !== null && units > earnings) return { ok: false, reason: 'aboveEarnings' };
  const plan = reinvestPlan(units, price);
  if (plan.quantity > round.sharesRemaining) return { ok: false, reason: 'aboveRemaining', max: round.sharesRemaining };
  return { ok: true, amount: formatAmount(units, 'USDT'), units, ...plan };
}
