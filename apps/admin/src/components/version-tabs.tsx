import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  type Locale,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
} from '@minecloud/contract/locales';
import { type FormRule, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Content per language (notices, articles, banners): the Chinese version is the item's base and
 * required; a version in another language is optional, and members without one in theirs see the
 * English, else the Chinese. The form keeps the base's fields at the top and another language's
 * under `translations.<lang>`.
 */

/** Each language by its own name: an operator picks the one they write in. */
export const LANGUAGE_NAMES = LOCALE_NAMES;

export const VERSION_LOCALES: readonly Locale[] = [DEFAULT_LOCALE, ...TRANSLATED_LOCALES];

/** Where a field of `lang`'s version sits in the form. */
export function versionField(lang: Locale, field: string): string | string[] {
  return lang === DEFAULT_LOCALE ? field : ['translations', lang, field];
}

/** A field's label in `lang`'s tab: the base's as it is, another's with the language's name. */
export function versionLabel(label: string, lang: Locale): string {
  return lang === DEFAULT_LOCALE ? label : `${label} · ${LANGUAGE_NAMES[lang]}`;
}

type Filled = Record<string, unknown> | undefined;
const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The versions a form holds beside the base: those with a title, each as `clean` makes it. */
export function versionsOf<V>(
  translations: Partial<Record<TranslatedLocale, Filled>> | undefined,
  clean: (version: Record<string, unknown>) => V,
): Partial<Record<TranslatedLocale, V>> {
  const versions: Partial<Record<TranslatedLocale, V>> = {};
  for (const lang of TRANSLATED_LOCALES) {
    const version = translations?.[lang];
    if (version && hasText(version.title)) versions[lang] = clean(version);
  }
  return versions;
}

/**
 * The title of an optional version: needed once any of the version's `fields` is written (a
 * version left wholly empty is no version).
 */
export function versionTitleRule(lang: Locale, fields: string[], message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, title: unknown) =>
      hasText(title) || !fields.some((field) => hasText(getFieldValue(['translations', lang, field])))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
}

/** The language of the first field a failed save names, to show its tab. */
export function languageOfError(errorFields: { name: (string | number)[] }[]): Locale | undefined {
  const [first] = errorFields;
  if (!first) return undefined;
  const [head, lang] = first.name;
  return head === 'translations' ? VERSION_LOCALES.find((l) => l === lang) : DEFAULT_LOCALE;
}

/** Which languages an item has a version in, as tags (the list of notices, of banners). */
export function VersionTags({ translations }: { translations: Partial<Record<TranslatedLocale, unknown>> }) {
  return (
    <>
      {VERSION_LOCALES.filter((lang) => lang === DEFAULT_LOCALE || translations[lang as TranslatedLocale]).map(
        (lang) => (
          <Tag key={lang} bordered={false} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </Tag>
        ),
      )}
    </>
  );
}

/**
 * One tab per language, the Chinese base first. Every tab's fields stay mounted, so a save checks
 * them all; `fields(lang)` draws one language's.
 */
export function VersionTabs({
  active,
  onChange,
  fields,
  testId,
}: {
  active: Locale;
  onChange: (lang: Locale) => void;
  fields: (lang: Locale) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      activeKey={active}
      onChange={(key) => onChange(key as Locale)}
      data-testid={testId}
      items={VERSION_LOCALES.map((lang) => ({
        key: lang,
        label:
          lang === DEFAULT_LOCALE ? t('common:versionBase', { language: LANGUAGE_NAMES[lang] }) : LANGUAGE_NAMES[lang],
        forceRender: true,
        children: (
          <div data-testid={testId && `${testId}-${lang}`}>
            {lang !== DEFAULT_LOCALE && (
              <Typography.Paragraph type="secondary">{t('common:versionOptional')}</Typography.Paragraph>
            )}
            {fields(lang)}
          </div>
        ),
      }))}
    />
  );
}
