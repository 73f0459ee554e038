import { describe, expect, it } from 'vitest';
import { shortenAddress } from './address.ts';
import { contentFallback, languageFromLocale, localeFromAcceptLanguage, localeFromLanguage } from './locales.ts';

describe('locales', () => {
  it('reads Accept-Language with q-values', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr;q=1, ko;q=0.5')).toBe('ko-KR');
    expect(localeFromAcceptLanguage('ms')).toBe('ms-MY');
    expect(localeFromAcceptLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(localeFromAcceptLanguage('zh')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('fr-FR')).toBe('en');
  });

  it('maps the stored language (zh_CN) to a locale and back', () => {
    expect(localeFromLanguage('zh_CN')).toBe('zh-CN');
    expect(localeFromLanguage('ko_KR')).toBe('ko-KR');
    expect(localeFromLanguage('')).toBe('zh-CN');
    expect(languageFromLocale('zh-TW')).toBe('zh_TW');
  });

  it('falls back from a language without a version to English, then to the Chinese base', () => {
    expect(contentFallback('ko-KR')).toEqual(['ko-KR', 'en', 'zh-CN']);
    expect(contentFallback('en')).toEqual(['en', 'zh-CN']);
    expect(contentFallback('zh-CN')).toEqual(['zh-CN', 'en']);
    // Traditional Chinese readers get the Simplified base before English.
    expect(contentFallback('zh-TW')).toEqual(['zh-TW', 'zh-CN', 'en']);
  });
});

describe('shortenAddress', () => {
  it('shows the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortenAddress('0x12')).toBe('0x12');
    expect(shortenAddress(undefined)).toBe('');
  });
});
