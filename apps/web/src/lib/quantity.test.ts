import { describe, expect, it } from 'vitest';
import { checkQuantity, clampQuantity, parseWholeNumber, quantityLimit, quantityNote } from './quantity';

// 2 at least, 5 left, 0.1 USDT each (in 6-decimal units).
const TERMS = { min: 2, stock: 5, price: 100_000n };

describe('parseWholeNumber', () => {
  it('reads digits only, and refuses rather than rewrites anything else', () => {
    expect(parseWholeNumber('3')).toEqual({ ok: true, value: 3 });
    expect(parseWholeNumber(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseWholeNumber('007')).toEqual({ ok: true, value: 7 });
    expect(parseWholeNumber('0')).toEqual({ ok: true, value: 0 });
    expect(parseWholeNumber('１２')).toEqual({ ok: true, value: 12 });
    for (const text of ['1.5', '-5', '1e3', 'abc', 'a2b', '+3', '1 000', '3.', '.5', '0x10', '٣']) {
      expect([text, parseWholeNumber(text)]).toEqual([text, { ok: false, reason: 'notWholeNumber' }]);
    }
    expect(parseWholeNumber('')).toEqual({ ok: false, reason: 'noQuantity' });
    expect(parseWholeNumber('   ')).toEqual({ ok: false, reason: 'noQuantity' });
  });
});

describe('quantityLimit', () => {
  it('is the stock when the balance pays for it all, or is unknown', () => {
    expect(quantityLimit(TERMS, 500_000n)).toEqual({ max: 5, reason: 'stock' });
    expect(quantityLimit(TERMS, 10n ** 30n)).toEqual({ max: 5, reason: 'stock' });
    expect(quantityLimit(TERMS, null)).toEqual({ max: 5, reason: 'stock' });
    expect(quantityLimit({ ...TERMS, price: null }, 0n)).toEqual({ max: 5, reason: 'stock' });
  });

  it('is what the balance pays, in bigint units (0.1 × 3 is exactly 0.3)', () => {
    expect(quantityLimit(TERMS, 300_000n)).toEqual({ max: 3, reason: 'balance' });
    expect(quantityLimit(TERMS, 499_999n)).toEqual({ max: 4, reason: 'balance' });
    expect(quantityLimit(TERMS, 200_000n)).toEqual({ max: 2, reason: 'balance' });
  });

  it('never goes below the minimum: a balance short of it is unaffordable, limited by the stock only', () => {
    expect(quantityLimit(TERMS, 199_999n)).toEqual({ max: 5, reason: 'unaffordable' });
    expect(quantityLimit(TERMS, 0n)).toEqual({ max: 5, reason: 'unaffordable' });
  });
});

describe('clampQuantity', () => {
  it('brings a whole number above the limit down to it, and says which limit', () => {
    expect(clampQuantity('9', 2, { max: 5, reason: 'stock' })).toEqual({ text: '5', clampedBy: 'stock' });
    expect(clampQuantity('4', 2, { max: 3, reason: 'balance' })).toEqual({ text: '3', clampedBy: 'balance' });
    expect(clampQuantity('99999999999999999999', 2, { max: 5, reason: 'stock' })).toEqual({
      text: '5',
      clampedBy: 'stock',
    });
  });

  it('keeps anything else as typed', () => {
    const limit = { max: 5, reason: 'stock' } as const;
    for (const text of ['5', '3', '004', '1', '0', '', '1.5', '-5', '1e3', 'abc']) {
      expect(clampQuantity(text, 2, limit)).toEqual({ text, clampedBy: null });
    }
    // Not even the minimum is affordable: the stock still limits, nothing goes below the minimum.
    expect(clampQuantity('9', 2, { max: 5, reason: 'unaffordable' })).toEqual({ text: '5', clampedBy: 'stock' });
    expect(clampQuantity('3', 2, { max: 5, reason: 'unaffordable' })).toEqual({ text: '3', clampedBy: null });
    // Fewer left than the minimum (sold out under an open sheet): nothing to clamp to.
    expect(clampQuantity('3', 2, { max: 1, reason: 'stock' })).toEqual({ text: '3', clampedBy: null });
    expect(clampQuantity('9', 2, null)).toEqual({ text: '9', clampedBy: null });
  });
});

describe('quantityNote', () => {
  it('says why once the quantity reaches the limit', () => {
    expect(quantityNote('5', 2, { max: 5, reason: 'stock' })).toEqual({ reason: 'stock', max: 5 });
    expect(quantityNote('3', 2, { max: 3, reason: 'balance' })).toEqual({ reason: 'balance', max: 3 });
    expect(quantityNote('4', 2, { max: 5, reason: 'stock' })).toBeNull();
    expect(quantityNote('1.5', 2, { max: 5, reason: 'stock' })).toBeNull();
    expect(quantityNote('', 2, { max: 5, reason: 'stock' })).toBeNull();
    expect(quantityNote('5', 2, null)).toBeNull();
  });

  it('says the balance is short whatever is typed when not even the minimum is affordable', () => {
    expect(quantityNote('2', 2, { max: 5, reason: 'unaffordable' })).toEqual({ reason: 'unaffordable' });
    expect(quantityNote('', 2, { max: 5, reason: 'unaffordable' })).toEqual({ reason: 'unaffordable' });
  });
});

describe('checkQuantity', () => {
  it('checks typed, whole, minimum, stock, price, then the balance', () => {
    expect(checkQuantity('', TERMS, null)).toEqual({ ok: false, reason: 'noQuantity' });
    expect(checkQuantity('1.5', TERMS, null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkQuantity('-5', TERMS, null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkQuantity('1e3', TERMS, null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkQuantity('1', TERMS, null)).toEqual({ ok: false, reason: 'belowMinimum', min: 2 });
    expect(checkQuantity('6', TERMS, null)).toEqual({ ok: false, reason: 'aboveStock', max: 5 });
    expect(checkQuantity('99999999999999999999', TERMS, null)).toEqual({ ok: false, reason: 'aboveStock', max: 5 });
    expect(checkQuantity('3', { ...TERMS, price: null }, null)).toEqual({ ok: false, reason: 'noPrice' });
    expect(checkQuantity('3', TERMS, 299_999n)).toEqual({ ok: false, reason: 'insufficient' });
    expect(checkQuantity('003', TERMS, 300_000n)).toEqual({ ok: true, quantity: 3, total: 300_000n });
    expect(checkQuantity('5', TERMS, null)).toEqual({ ok: true, quantity: 5, total: 500_000n });
  });

  it('sells one at a time when there is no minimum', () => {
    expect(checkQuantity('0', { ...TERMS, min: 0 }, null)).toEqual({ ok: false, reason: 'belowMinimum', min: 1 });
  });
});
