import { describe, expect, it } from 'vitest';
import { checkWithdrawAmount, quickAmountText, receivedPreview, withdrawTerms } from './withdraw-amount';

const USDT = { fee: 1_500_000n, min: 10_000_000n };

describe('withdrawal amounts', () => {
  it('reads the fee and minimum of each asset from the limits, in units', () => {
    const limits = { withdrawFeeUSDT: '1.5', withdrawMinUSDT: '10', withdrawFeeBTC: '0.0005' };
    expect(withdrawTerms(limits, 'USDT')).toEqual(USDT);
    expect(withdrawTerms(limits, 'BTC')).toEqual({ fee: 50_000n, min: 0n });
    expect(withdrawTerms({ withdrawMinUSDT: '10' }, 'USDT')).toBeNull();
    expect(withdrawTerms({ withdrawFeeUSDT: 'one' }, 'USDT')).toBeNull();
  });

  it('takes 50%, 75% and all of the balance, rounded down to the smallest unit', () => {
    expect([50, 75, 100].map((percent) => quickAmountText(1_234_567_891n, percent, 'USDT'))).toEqual([
      '617.28',
      '925.92',
      '1234.56',
    ]);
    expect([50, 75, 100].map((percent) => quickAmountText(1n, percent, 'BTC'))).toEqual(['0', '0', '0.00000001']);
    // Large balances stay exact: no float ever holds them.
    expect(quickAmountText(9_007_199_254_740_993n, 50, 'USDT')).toBe('4503599627.37');
  });

  it('names the first thing wrong with an amount, and what arrives when nothing is', () => {
    const check = (text: string, available = 100_000_000n) => checkWithdrawAmount(text, 'USDT', available, USDT);
    expect(check(' ')).toEqual({ ok: false, reason: 'required' });
    expect(check('1e3')).toEqual({ ok: false, reason: 'invalid' });
    // Zero as on every amount field (amount-check.ts), not as an invalid amount.
    expect(check('0')).toEqual({ ok: false, reason: 'notPositive' });
    expect(check('1.0000001')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(check('12.345')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(check('9.99')).toEqual({ ok: false, reason: 'belowMinimum' });
    expect(check('100.01')).toEqual({ ok: false, reason: 'insufficient' });
    expect(check('99999999999999999999')).toEqual({ ok: false, reason: 'insufficient' });
    expect(check('10.50')).toEqual({ ok: true, units: 10_500_000n, amount: '10.5', received: 9_000_000n });
    expect(check('100')).toMatchObject({ ok: true, received: 98_500_000n });
    // A minimum below the fee would let nothing arrive: that amount is refused too.
    expect(checkWithdrawAmount('1.5', 'USDT', 100_000_000n, { fee: 1_500_000n, min: 0n })).toEqual({
      ok: false,
      reason: 'notAboveFee',
    });
  });

  it('previews what arrives whatever else is wrong', () => {
    expect(receivedPreview('100000', 'USDT', 1_500_000n)).toBe(99_998_500_000n);
    expect(receivedPreview('1.5', 'USDT', 1_500_000n)).toBeNull();
    expect(receivedPreview('x', 'USDT', 1_500_000n)).toBeNull();
  });
});
