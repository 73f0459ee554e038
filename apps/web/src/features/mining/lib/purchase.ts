import { parseAmount } from '@minecloud/contract/amount';
import { usdtUnits } from '@minecloud/contract/decimal';
import type { MinerProduct } from '@minecloud/contract/miner';
import { checkQuantity, type QuantityLimit, type QuantityTerms, quantityLimit } from '@/lib/quantity';

export type PurchaseProblem =
  | { reason: 'noProduct' }
  | { reason: 'noQuantity' }
  | { reason: 'notWholeNumber' }
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

/** What a purchase of this product is judged against: its minimum, its stock and the USDT units of one. */
function termsOf(product: Pick<MinerProduct, 'price' | 'minQuantity' | 'stock'>): QuantityTerms {
  return { min: minimumOf(product), stock: product.stock, price: usdtUnits(product.price) };
}

/** The most miners of a product the member may buy now: its stock, and what the balance pays when known. */
export function purchaseLimit(
  product: Pick<MinerProduct, 'price' | 'minQuantity' | 'stock'>,
  available: bigint | null,
): QuantityLimit {
  return quantityLimit(termsOf(product), available);
}

/**
 * Checks a purchase before it is sent, in the order the member meets the problems: the miner,
 * then the quantity (typed, a whole number, at least the minimum, at most the stock), then the
 * balance when known.
 */
export function checkPurchase(
  product: Pick<MinerProduct, 'id' | 'price' | 'minQuantity' | 'stock'> | null | undefined,
  quantityText: string,
  available: bigint | null,
): CheckedPurchase {
  if (!product) return { ok: false, reason: 'noProduct' };
  const checked = checkQuantity(quantityText, termsOf(product), available);
  if (checked.ok) return { ok: true, productId: product.id, quantity: checked.quantity, total: checked.total };
  if (checked.reason === 'noPrice') return { ok: false, reason: 'noProduct' };
  return checked;
}
