import { usdtText } from '@minecloud/contract/decimal';
import { describe, expect, it } from 'vitest';
import { checkPurchase, isSoldOut, purchaseLimit, purchaseTotal } from './purchase';

const PRODUCT = { id: '7', price: '0.1', minQuantity: 2, stock: 5 };

describe('purchase', () => {
  it('multiplies price by quantity in bigint units, with no float error', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(usdtText(purchaseTotal('0.1', 3)!)).toBe('0.30');
    expect(usdtText(purchaseTotal('1234.567891', 7)!)).toBe('8641.975237');
    expect(usdtText(purchaseTotal('0.000001', 3)!)).toBe('0.000003');
    expect(usdtText(purchaseTotal('999999999.999999', 3)!)).toBe('2999999999.999997');
    expect(purchaseTotal('abc', 1)).toBeNull();
    expect(purchaseTotal('0.0000001', 1)).toBeNull();
  });

  it('groups thousands for reading when given a locale, keeping every place', () => {
    expect(usdtText(purchaseTotal('1234.567891', 7)!, 'zh-CN')).toBe('8,641.975237');
    expect(usdtText(purchaseTotal('999999999.999999', 3)!, 'en')).toBe('2,999,999,999.999997');
    expect(usdtText(purchaseTotal('0.1', 3)!, 'en')).toBe('0.30');
  });

  it('checks the miner, then the quantity, then the balance', () => {
    expect(checkPurchase(null, '3', null)).toEqual({ ok: false, reason: 'noProduct' });
    expect(checkPurchase(PRODUCT, '', null)).toEqual({ ok: false, reason: 'noQuantity' });
    expect(checkPurchase(PRODUCT, '1.5', null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkPurchase(PRODUCT, '-5', null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkPurchase(PRODUCT, '1', null)).toEqual({ ok: false, reason: 'belowMinimum', min: 2 });
    expect(checkPurchase(PRODUCT, '0', null)).toEqual({ ok: false, reason: 'belowMinimum', min: 2 });
    expect(checkPurchase(PRODUCT, '6', null)).toEqual({ ok: false, reason: 'aboveStock', max: 5 });
    expect(checkPurchase(PRODUCT, '3', 299_999n)).toEqual({ ok: false, reason: 'insufficient' });
    expect(checkPurchase(PRODUCT, '3', 300_000n)).toEqual({ ok: true, productId: '7', quantity: 3, total: 300_000n });
    // An unknown balance is the server's to judge.
    expect(checkPurchase(PRODUCT, '5', null)).toMatchObject({ ok: true, quantity: 5 });
    // A price that is not a USDT amount: the miner cannot be bought.
    expect(checkPurchase({ ...PRODUCT, price: 'abc' }, '3', null)).toEqual({ ok: false, reason: 'noProduct' });
  });

  it('limits the quantity to the stock and to what the balance pays', () => {
    expect(purchaseLimit(PRODUCT, null)).toEqual({ max: 5, reason: 'stock' });
    expect(purchaseLimit(PRODUCT, 1_000_000n)).toEqual({ max: 5, reason: 'stock' });
    expect(purchaseLimit(PRODUCT, 300_000n)).toEqual({ max: 3, reason: 'balance' });
    expect(purchaseLimit(PRODUCT, 100_000n)).toEqual({ max: 5, reason: 'unaffordable' });
  });

  it('is sold out when the stock cannot cover the minimum', () => {
    expect(isSoldOut({ minQuantity: 2, stock: 1 })).toBe(true);
    expect(isSoldOut({ minQuantity: 0, stock: 0 })).toBe(true);
    expect(isSoldOut({ minQuantity: 2, stock: 2 })).toBe(false);
  });
});
