export const LOCALES = ['zh-CN', 'en', 'zh-TW', 'ko-KR', 'ms-MY'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader (or an operator) finds theirs whatever the current one. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
  'ko-KR': '한국어',
  'ms-MY': 'Bahasa Melayu',
};

/**
 * Content (notices, articles, banners) is written in Chinese, its required base version, and may
 * have a version in each of these too.
 */
export const TRANSLATED_LOCALES = ['en', 'zh-TW', 'ko-KR', 'ms-MY'] as const satisfies readonly Locale[];
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/**
 * Which version of a notice, an article or a banner a reader in `locale` gets, best first: their
 * own language, else English, else the Chinese base (which every item has); for Traditional
 * Chinese, the Chinese base before English.
 */
export function contentFallback(locale: Locale): Locale[] {
  // A reader of Traditional Chinese reads the Simplified base more readily than English.
  const then: Locale[] = locale === 'zh-TW' ? [DEFAULT_LOCALE, FALLBACK_LOCALE] : [FALLBACK_LOCALE, DEFAULT_LOCALE];
  return [...new Set<Locale>([locale, ...then])];
}

/** Stored language codes use underscores (spec: language zh_CN, localType zh-CN). */
export function localeFromLanguage(language: string | undefined | null): Locale {
  if (!language) return DEFAULT_LOCALE;
  return matchLocale(language.replace('_', '-')) ?? FALLBACK_LOCALE;
}

export function languageFromLocale(locale: Locale): string {
  return locale.replace('-', '_');
}

function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  if (lower === 'zh-hant' || lower.startsWith('zh-hant') || lower === 'zh-hk' || lower === 'zh-mo') return 'zh-TW';
  if (lower.startsWith('zh')) return 'zh-CN';
  const base = lower.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === base);
}

/**
 * Picks the answer language from an Accept-Language header: zh-CN when absent,
 * the best supported match by q-value, English when nothing matches.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header?.trim()) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === '*') return DEFAULT_LOCALE;
    const match = matchLocale(tag);
    if (match) return match;
  }
  return FALLBACK_LOCALE;
}
