import { formatAmount, parseAmount } from '@minecloud/contract/amount';
import type { MinerProduct } from '@minecloud/contract/miner';
import { quantityDigits } from '@/lib/quantity';

export type PurchaseProblem =
  | { reason: 'noProduct' }
  | { reason: 'noQuantity' }
  | { reason: 'belowMinimum'; min: number }
  | { reason: 'aboveStock'; max: number }
  | { reason: 'insufficient' };

export type CheckedPurchase =
  | { ok: true; productId: string; quantity: number; total: bigint }
  | ({ ok: false } & PurchaseProblem);

/** The fewest units a member may buy of a product (a product with no minimum sells one at a time). */
export function minimumOf(product: Pick<MinerProduct, 'minQuantity'>): number {
  return Math.max(1, product.minQuantity);
}

/** Whether a product can be bought at all: enough stock for its minimum. */
export function isSoldOut(product: Pick<MinerProduct, 'minQuantity' | 'stock'>): boolean {
  return product.stock < minimumOf(product);
}

/** USDT units of `price × quantity`, in bigint: never a float. Null when the price is not a USDT amount. */
export function purchaseTotal(price: string, quantity: number): bigint | null {
  const parsed = parseAmount(price, 'USDT');
  if (!parsed.ok || !Number.isSafeInteger(quantity) || quantity < 0) return null;
  return parsed.units * BigInt(quantity);
}

/** A USDT amount in full, with at least 2 decimals: what the member is about to pay, never cut short. */
export function usdtText(units: bigint): string {
  const [whole = '0', fraction = ''] = formatAmount(units, 'USDT').split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** The USDT units of a balance string from the server, or null when it is not known. */
export function usdtUnits(value: string | null | undefined): bigint | null {
  if (value == null) return null;
  const parsed = parseAmount(value, 'USDT');
  return parsed.ok ? parsed.units : null;
}

/**
 * Checks a purchase before it is sent, in the order the member meets the problems: the miner,
 * then the quantity (typed, at least the minimum, at most the stock), then the balance when known.
 */
export function checkPurchase(
  product: Pick<MinerProduct, 'id' | 'price' | 'minQuantity' | 'stock'> | null | undefined,
  quantityText: string,
  available: bigint | null,
): CheckedPurchase {
  if (!product) return { ok: false, reason: 'noProduct' };
  const digits = quantityDigits(quantityText);
  if (!digits) return { ok: false, reason: 'noQuantity' };
  const quantity = Number(digits);
  const min = minimumOf(product);
  if (quantity < min) return { ok: false, reason: 'belowMinimum', min };
  if (quantity > product.stock) return { ok: false, reason: 'aboveStock', max: product.stock };
  const total = purchaseTotal(product.price, quantity);
  if (total === null) return { ok: false, reason: 'noProduct' };
  if (available !== null && total > available) return { ok: false, reason: 'insufficient' };
  return { ok: true, productId: product.id, quantity, total };
}
