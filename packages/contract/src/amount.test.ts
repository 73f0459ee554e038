import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, parsePositiveAmount, truncateDecimals } from './amount.ts';

describe('parseAmount', () => {
  it('turns decimal strings into atomic units per asset scale', () => {
    expect(parseAmount('12.345678', 'USDT')).toEqual({ ok: true, units: 12_345_678n });
    expect(parseAmount('0.00000001', 'BTC')).toEqual({ ok: true, units: 1n });
    expect(parseAmount('7', 'GOLD')).toEqual({ ok: true, units: 700n });
    expect(parseAmount('1.50', 'GOLD')).toEqual({ ok: true, units: 150n });
    expect(parseAmount('1.1000000', 'GOLD')).toEqual({ ok: true, units: 110n });
  });

  it.each([
    ['-1', 'notANumber'],
    ['1e5', 'notANumber'],
    ['abc', 'notANumber'],
    ['', 'notANumber'],
    ['01', 'notANumber'],
    ['1.', 'notANumber'],
    ['.5', 'notANumber'],
    ['0x10', 'notANumber'],
    ['1.123', 'tooManyDecimals'],
    ['9223372036854775808', 'tooLarge'],
  ])('refuses %s for GOLD (%s)', (text, reason) => {
    expect(parseAmount(text, 'GOLD')).toEqual({ ok: false, reason });
  });

  it('refuses zero only when a positive amount is asked for', () => {
    expect(parseAmount('0', 'USDT')).toEqual({ ok: true, units: 0n });
    expect(parsePositiveAmount('0.000', 'USDT')).toEqual({ ok: false, reason: 'notPositive' });
  });
});

describe('formatAmount', () => {
  it('prints full precision without trailing zeros and round-trips', () => {
    expect(formatAmount(12_345_678n, 'USDT')).toBe('12.345678');
    expect(formatAmount(1_000_000n, 'USDT')).toBe('1');
    expect(formatAmount(1n, 'BTC')).toBe('0.00000001');
    expect(formatAmount(-150n, 'GOLD')).toBe('-1.5');
    expect(formatAmount(0n, 'GOLD')).toBe('0');
    for (const text of ['0.01', '123456789.12', '9.99']) {
      const parsed = parseAmount(text, 'GOLD');
      expect(parsed.ok && formatAmount(parsed.units, 'GOLD')).toBe(text);
    }
  });
});

describe('truncateDecimals (truncate, never round)', () => {
  it.each([
    ['1.999', '1.99'],
    ['0.005', '0.00'],
    ['12', '12.00'],
    ['12.3', '12.30'],
    ['-1.239', '-1.23'],
    ['-0.001', '0.00'],
    ['', '0.00'],
    ['abc', '0.00'],
    ['00012.5', '12.50'],
  ])('%s -> %s', (input, expected) => {
    expect(truncateDecimals(input)).toBe(expected);
  });

  it('takes other precisions', () => {
    expect(truncateDecimals('0.123456789', 8)).toBe('0.12345678');
    expect(truncateDecimals('5.9', 0)).toBe('5');
  });
});
