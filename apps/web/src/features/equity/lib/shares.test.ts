import { usdtText } from '@minecloud/contract/decimal';
import { describe, expect, it } from 'vitest';
import {
  checkReinvest,
  checkShareBuy,
  isSoldOut,
  minimumReinvest,
  reinvestPlan,
  shareBuyLimit,
  sharesCost,
  soldPercent,
  usdtFull,
  usdtShort,
} from './shares';

const ROUND = { pricePerShare: '0.1', minQuantity: 2, sharesRemaining: 5, minReinvestU: '0.3' };

describe('share purchase', () => {
  it('multiplies price by quantity in bigint units, with no float error', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(usdtText(sharesCost('0.1', 3)!)).toBe('0.30');
    expect(usdtText(sharesCost('1234.567891', 7)!)).toBe('8641.975237');
    expect(sharesCost('abc', 1)).toBeNull();
  });

  it('checks the quantity, then the balance', () => {
    expect(checkShareBuy(null, '3', null)).toEqual({ ok: false, reason: 'noRound' });
    expect(checkShareBuy(ROUND, '', null)).toEqual({ ok: false, reason: 'noQuantity' });
    expect(checkShareBuy(ROUND, '1.5', null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkShareBuy(ROUND, '-5', null)).toEqual({ ok: false, reason: 'notWholeNumber' });
    expect(checkShareBuy(ROUND, '1', null)).toEqual({ ok: false, reason: 'belowMinimum', min: 2 });
    expect(checkShareBuy(ROUND, '0', null)).toEqual({ ok: false, reason: 'belowMinimum', min: 2 });
    expect(checkShareBuy(ROUND, '6', null)).toEqual({ ok: false, reason: 'aboveRemaining', max: 5 });
    expect(checkShareBuy(ROUND, '3', 299_999n)).toEqual({ ok: false, reason: 'insufficient' });
    expect(checkShareBuy(ROUND, '3', 300_000n)).toEqual({ ok: true, quantity: 3, total: 300_000n });
    // An unknown balance is the server's to judge.
    expect(checkShareBuy(ROUND, '5', null)).toMatchObject({ ok: true, quantity: 5 });
    expect(checkShareBuy({ ...ROUND, pricePerShare: 'abc' }, '3', null)).toEqual({ ok: false, reason: 'noRound' });
  });

  it('limits the quantity to the shares left and to what the balance pays', () => {
    expect(shareBuyLimit(ROUND, null)).toEqual({ max: 5, reason: 'stock' });
    expect(shareBuyLimit(ROUND, 1_000_000n)).toEqual({ max: 5, reason: 'stock' });
    expect(shareBuyLimit(ROUND, 300_000n)).toEqual({ max: 3, reason: 'balance' });
    expect(shareBuyLimit(ROUND, 100_000n)).toEqual({ max: 5, reason: 'unaffordable' });
  });

  it('is sold out when the shares left cannot cover the minimum', () => {
    expect(isSoldOut({ minQuantity: 2, sharesRemaining: 1 })).toBe(true);
    expect(isSoldOut({ minQuantity: 0, sharesRemaining: 0 })).toBe(true);
    expect(isSoldOut({ minQuantity: 2, sharesRemaining: 2 })).toBe(false);
  });

  it('truncates the sold percent', () => {
    expect(soldPercent({ totalShares: 3, sharesRemaining: 1 })).toEqual({ text: '66.66', value: 66.66 });
    expect(soldPercent({ totalShares: 10_000, sharesRemaining: 10_000 })).toEqual({ text: '0.00', value: 0 });
    expect(soldPercent({ totalShares: 0, sharesRemaining: 0 })).toEqual({ text: '0.00', value: 0 });
    expect(soldPercent({ totalShares: 8, sharesRemaining: 0 })).toEqual({ text: '100.00', value: 100 });
  });
});

describe('reinvestment', () => {
  it('buys whole shares only and leaves the rest', () => {
    expect(reinvestPlan(1_050_000n, 300_000n)).toEqual({ quantity: 3, payment: 900_000n, rest: 150_000n });
    expect(reinvestPlan(299_999n, 300_000n)).toEqual({ quantity: 0, payment: 0n, rest: 299_999n });
  });

  it('takes at least minReinvestU, or the price of the minimum quantity when that is more', () => {
    expect(minimumReinvest(ROUND)).toBe(300_000n);
    expect(minimumReinvest({ ...ROUND, minReinvestU: '0.1' })).toBe(200_000n);
  });

  it('checks the amount, the minimum, the earnings and the shares left', () => {
    expect(checkReinvest(null, '1', null)).toEqual({ ok: false, reason: 'noRound' });
    expect(checkReinvest(ROUND, ' ', null)).toEqual({ ok: false, reason: 'required' });
    expect(checkReinvest(ROUND, '1.2.3', null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkReinvest(ROUND, '0.0000001', null)).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkReinvest(ROUND, '10.001', null)).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkReinvest(ROUND, '0', null)).toEqual({ ok: false, reason: 'notPositive' });
    expect(checkReinvest(ROUND, '0.29', null)).toEqual({ ok: false, reason: 'belowMinimum', min: 300_000n });
    expect(checkReinvest(ROUND, '0.45', 400_000n)).toEqual({ ok: false, reason: 'aboveEarnings' });
    expect(checkReinvest(ROUND, '0.6', null)).toEqual({ ok: false, reason: 'aboveRemaining', max: 5 });
    expect(checkReinvest(ROUND, '0.450', 450_000n)).toEqual({
      ok: true,
      amount: '0.45',
      units: 450_000n,
      quantity: 4,
      payment: 400_000n,
      rest: 50_000n,
    });
  });
});

describe('amount text', () => {
  it('shows 2 decimals, or every place of an amount too small for them', () => {
    expect(usdtShort('12.3456')).toBe('12.34');
    expect(usdtShort('0.000164')).toBe('0.000164');
    expect(usdtShort('0')).toBe('0.00');
  });

  it('groups thousands for reading when given a locale, keeping every place', () => {
    expect(usdtShort('5961.509', 'zh-CN')).toBe('5,961.50');
    expect(usdtFull('not a number', 'en')).toBe('not a number');
  });
});
