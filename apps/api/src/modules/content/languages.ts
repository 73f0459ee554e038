import {
  contentFallback,
  DEFAULT_LOCALE,
  type Locale,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
} from '@minecloud/contract/locales';

/**
 * Content per language (notices, articles, banners): the Chinese base version lives in the item's
 * own row, a version in another language in its translations table. This is the one place that
 * chooses between them: the reader's language, else English, else the base (contentFallback).
 */

export type Versions<V> = Partial<Record<TranslatedLocale, V>>;

export function isTranslated(lang: string): lang is TranslatedLocale {
  return (TRANSLATED_LOCALES as readonly string[]).includes(lang);
}

/** The languages of the fallback chain that are kept in a translations table, best first. */
export function translatedChain(locale: Locale): TranslatedLocale[] {
  return contentFallback(locale).filter(isTranslated);
}

/** The version a reader in `locale` gets, and its language. */
export function pickVersion<V>(
  base: V,
  versions: Versions<V> | undefined,
  locale: Locale,
): { lang: Locale; version: V } {
  for (const lang of contentFallback(locale)) {
    if (lang === DEFAULT_LOCALE) break;
    const version = isTranslated(lang) ? versions?.[lang] : undefined;
    if (version) return { lang, version };
  }
  return { lang: DEFAULT_LOCALE, version: base };
}

/** Translation rows by their item's id, each item's as `{ [lang]: version }`. */
export function byItem<R extends { lang: string }, V>(
  rows: R[],
  idOf: (row: R) => number,
  versionOf: (row: R) => V,
): Map<number, Versions<V>> {
  const items = new Map<number, Versions<V>>();
  for (const row of rows) {
    if (!isTranslated(row.lang)) continue;
    const id = idOf(row);
    const versions = items.get(id) ?? {};
    versions[row.lang] = versionOf(row);
    items.set(id, versions);
  }
  return items;
}

/** The versions given, in TRANSLATED_LOCALES order, as rows to store. */
export function versionRows<V>(versions: Versions<V> | undefined): { lang: TranslatedLocale; version: V }[] {
  return TRANSLATED_LOCALES.flatMap((lang) => {
    const version = versions?.[lang];
    return version ? [{ lang, version }] : [];
  });
}
