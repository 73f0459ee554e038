import { describe, expect, it } from 'vitest';
import { checkTopUp, exactUsdtPlaces, goldForUsdt, mostConvertibleUsdt, parseGoldRate } from './gold-rate';

describe('gold rate', () => {
  it('reads the configured rate', () => {
    expect(parseGoldRate('100')).toBe(100n);
    expect(parseGoldRate(undefined)).toBeNull();
    expect(parseGoldRate('1.5')).toBeNull();
    expect(parseGoldRate('0')).toBeNull();
  });

  it('converts only what converts exactly', () => {
    expect(goldForUsdt(10_250_000n, 100n)).toBe(102_500n);
    expect(goldForUsdt(100n, 100n)).toBe(1n);
    expect(goldForUsdt(10n, 100n)).toBeNull();
    // Never more than the 2 places a member may enter (ENTRY_PLACES), fewer where a gold cent would split.
    expect(exactUsdtPlaces(100n)).toBe(2);
    expect(exactUsdtPlaces(37n)).toBe(2);
    expect(exactUsdtPlaces(10_000n)).toBe(2);
    expect(exactUsdtPlaces(1n)).toBe(2);
  });

  it('checks a top-up amount against the balance and the rate', () => {
    expect(checkTopUp('10.25', '1000', 100n)).toEqual({
      ok: true,
      usdtUnits: 10_250_000n,
      amountUsdt: '10.25',
      goldUnits: 102_500n,
    });
    expect(checkTopUp('0.00001', '1000', 100n)).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkTopUp('10.999', '1000', 100n)).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkTopUp('0.1234567', '1000', 100n)).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
    expect(checkTopUp('2000', '1000', 100n)).toEqual({ ok: false, reason: 'insufficient' });
  });

  it('fills in the largest exactly convertible part of the balance', () => {
    expect(mostConvertibleUsdt('12.345678', 100n)).toBe('12.34');
    expect(mostConvertibleUsdt('1000', 100n)).toBe('1000');
    expect(mostConvertibleUsdt('0.00009', 100n)).toBe('0');
  });
});
