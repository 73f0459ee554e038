import { describe, expect, it } from 'vitest';
import { checkAmount, unitsOf } from './amount-check';

describe('checkAmount', () => {
  it('accepts a positive amount within the scale and the balance, in bigint units', () => {
    expect(checkAmount(' 12.50 ', 'USDT', '1000')).toEqual({ ok: true, units: 12_500_000n, amount: '12.5' });
    expect(checkAmount('1000', 'USDT', '1000')).toEqual({ ok: true, units: 1_000_000_000n, amount: '1000' });
    expect(checkAmount('0.00000001', 'BTC')).toEqual({ ok: true, units: 1n, amount: '0.00000001' });
  });

  it('names what is wrong', () => {
    expect(checkAmount('  ', 'GOLD')).toEqual({ ok: false, reason: 'required' });
    for (const text of ['abc', '-1', '1e3', '.5', '1.', '0x10', '1,000']) {
      expect([text, checkAmount(text, 'GOLD')]).toEqual([text, { ok: false, reason: 'invalid' }]);
    }
    expect(checkAmount('0.00', 'GOLD')).toEqual({ ok: false, reason: 'notPositive' });
    expect(checkAmount('0.001', 'GOLD')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkAmount('0.1234567', 'USDT')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    // The amount rule of the contract (ENTRY_PLACES): USDT as a member enters it has 2 places.
    expect(checkAmount('1.005', 'USDT')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkAmount('1.010', 'USDT')).toMatchObject({ ok: true, amount: '1.01' });
    expect(checkAmount('0.000000001', 'BTC')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 8 });
    expect(checkAmount('1000.01', 'USDT', '1000')).toEqual({ ok: false, reason: 'insufficient' });
    expect(checkAmount('99999999999999999999', 'GOLD')).toEqual({ ok: false, reason: 'insufficient' });
  });

  it('compares with the balance exactly, where floats would not', () => {
    // 0.1 + 0.2 > 0.3 in floating point; in units the balance 0.3 covers 0.3 exactly.
    expect(checkAmount('0.3', 'USDT', '0.3').ok).toBe(true);
    expect(checkAmount('9007199254740993', 'GOLD', '9007199254740992').ok).toBe(false);
  });
});

describe('amount texts', () => {
  it('reads server balances as units', () => {
    expect(unitsOf('1.5', 'GOLD')).toBe(150n);
    expect(unitsOf(undefined, 'BTC')).toBe(0n);
  });
});
