import { describe, expect, it } from 'vitest';
import {
  applyRate,
  compareDecimal,
  exactAmountText,
  percentOf,
  percentText,
  rateToPercent,
  signedUnits,
  unitsToDecimal,
  usdtText,
  usdtUnits,
} from './decimal.ts';

describe('compareDecimal', () => {
  it('compares exact decimals of any length, trailing zeros and signs included', () => {
    expect(compareDecimal('37012.5', '37012.50')).toBe(0);
    expect(compareDecimal('37012.50000001', '37012.5')).toBe(1);
    expect(compareDecimal('9.99', '10')).toBe(-1);
    expect(compareDecimal('-1.5', '-1.25')).toBe(-1);
    expect(compareDecimal('0.1', '0.09999999999999999999')).toBe(1);
  });
});

describe('unitsToDecimal', () => {
  it('places the decimal point and trims trailing zeros', () => {
    expect(unitsToDecimal(6_001_250n, 2)).toBe('60012.5');
    expect(unitsToDecimal(5n, 3)).toBe('0.005');
    expect(unitsToDecimal(-150n, 2)).toBe('-1.5');
    expect(unitsToDecimal(0n, 8)).toBe('0');
    expect(unitsToDecimal(42n, 0)).toBe('42');
  });
});

describe('applyRate', () => {
  it('multiplies by the rate exactly, rounding toward zero', () => {
    expect(applyRate(1_000_000n, '0.05')).toBe(50_000n);
    expect(applyRate(999n, '0.1')).toBe(99n);
    expect(applyRate(7n, '1')).toBe(7n);
    expect(() => applyRate(1n, '5%')).toThrow('not a decimal rate');
  });
});

describe('rateToPercent', () => {
  it('moves the decimal point two places, exactly, without a float', () => {
    expect(rateToPercent('0.05')).toBe('5');
    expect(rateToPercent('0.10')).toBe('10');
    expect(rateToPercent('0.125')).toBe('12.5');
    expect(rateToPercent('0.00000001')).toBe('0.000001');
    // 0.07 × 100 is 7.000000000000001 as a float.
    expect(rateToPercent('0.07')).toBe('7');
    expect(rateToPercent('0.29')).toBe('29');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('1.00000000')).toBe('100');
    expect(rateToPercent('0')).toBe('0');
    expect(rateToPercent('0.5')).toBe('50');
  });

  it('refuses what is not a plain decimal', () => {
    expect(rateToPercent('-0.05')).toBeNull();
    expect(rateToPercent('5%')).toBeNull();
    expect(rateToPercent('')).toBeNull();
  });
});

describe('percentOf', () => {
  it('moves the decimal point exactly', () => {
    expect(['0.05', '0.055', '0.1', '1', '0', '0.00000001'].map(percentOf)).toEqual([
      '5',
      '5.5',
      '10',
      '100',
      '0',
      '0.000001',
    ]);
  });

  it('shows text that is not a rate as it is', () => {
    expect(percentOf('5%')).toBe('5%');
  });
});

describe('percentText', () => {
  it('truncates a share of a whole to 2 decimals, within 0 and 100', () => {
    expect(percentText(2n, 3n)).toBe('66.66');
    expect(percentText(18_750n, 50_000n)).toBe('37.50');
    expect(percentText(1n, 50_000_000_000n)).toBe('0.00');
    expect(percentText(9n, 8n)).toBe('100.00');
    expect(percentText(-1n, 8n)).toBe('0.00');
  });
});

describe('amount texts', () => {
  it('keeps every typed decimal, with at least 2', () => {
    expect(exactAmountText(12_500_000n, 'USDT')).toBe('12.50');
    expect(exactAmountText(123_456n, 'USDT')).toBe('0.123456');
    expect(exactAmountText(500n, 'GOLD')).toBe('5.00');
  });

  it('groups the whole part for reading when given a locale, and only then', () => {
    expect(exactAmountText(5_961_500_000n, 'USDT')).toBe('5961.50');
    expect(exactAmountText(5_961_500_000n, 'USDT', 'zh-CN')).toBe('5,961.50');
    expect(exactAmountText(1_234_567_123_456n, 'USDT', 'en')).toBe('1,234,567.123456');
    expect(exactAmountText(99_900n, 'GOLD', 'ms-MY')).toBe('999.00');
    expect(usdtText(8_641_975_237n, 'en')).toBe('8,641.975237');
    expect(usdtText(8_641_975_237n)).toBe('8641.975237');
  });
});

describe('units of text', () => {
  it('reads USDT amounts from the server, null when absent or not one', () => {
    expect(usdtUnits('8641.975237')).toBe(8_641_975_237n);
    expect(usdtUnits(null)).toBeNull();
    expect(usdtUnits(undefined)).toBeNull();
    expect(usdtUnits('0.0000001')).toBeNull();
    expect(usdtUnits('abc')).toBeNull();
  });

  it('reads signed amounts of an asset', () => {
    expect(signedUnits(' -1.5 ', 'GOLD')).toBe(-150n);
    expect(signedUnits('0.00000001', 'BTC')).toBe(1n);
    expect(signedUnits('1.001', 'GOLD')).toBeNull();
    expect(signedUnits('--1', 'USDT')).toBeNull();
  });
});
