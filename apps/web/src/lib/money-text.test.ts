import { shownParts } from '@minecloud/contract/amount';
import { LOCALES } from '@minecloud/contract/locales';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { localeOf } from './locale';
import { moneyText, useMoneyText } from './money-text';

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('moneyText', () => {
  it('truncates to the asset’s places and groups thousands, in each of the five languages', () => {
    for (const locale of LOCALES) {
      expect([locale, moneyText('5961.509', 'USDT', locale)]).toEqual([locale, '5,961.50']);
      expect([locale, moneyText('1234567.999', 'GOLD', locale)]).toEqual([locale, '1,234,567.99']);
      expect([locale, moneyText('1234.123456789', 'BTC', locale)]).toEqual([locale, '1,234.12345678']);
      expect([locale, moneyText('999.999', 2, locale)]).toEqual([locale, '999.99']);
    }
  });

  it('shows nothing known as zero, and keeps a sign', () => {
    expect(moneyText(null, 'USDT', 'en')).toBe('0.00');
    expect(moneyText(undefined, 'BTC', 'en')).toBe('0.00000000');
    expect(moneyText('-12345.678', 'USDT', 'en')).toBe('-12,345.67');
    expect(moneyText(1234567n, 0, 'en')).toBe('1,234,567');
  });
});

describe('useMoneyText', () => {
  it('follows the interface language', async () => {
    const { result, rerender } = renderHook(() => useMoneyText());
    expect(result.current('5961.5')).toBe('5,961.50');
    expect(result.current('5961.5', 'BTC')).toBe('5,961.50000000');
    for (const locale of LOCALES) {
      await act(() => changeLocale(locale));
      rerender();
      expect([locale, result.current('1234567.891', 'USDT')]).toEqual([locale, '1,234,567.89']);
    }
  });

  it('maps an unknown language to the fallback locale', () => {
    expect(localeOf('ko-KR')).toBe('ko-KR');
    expect(localeOf('xx')).toBe('en');
    expect(localeOf(undefined)).toBe('en');
  });
});

describe('shownParts, as the asset screens use it', () => {
  it('shows parts that add up to the total shown', () => {
    expect(shownParts(['767.655', '12.345'], 'USDT')).toEqual({ parts: ['767.65', '12.34'], total: '779.99' });
    expect(shownParts(['0.000000019', '0.00000001'], 'BTC')).toEqual({
      parts: ['0.00000001', '0.00000001'],
      total: '0.00000002',
    });
    expect(shownParts(['5000', 'oops'], 'GOLD')).toEqual({ parts: ['5000.00', '0.00'], total: '5000.00' });
  });
});
