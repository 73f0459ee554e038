import { FALLBACK_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';
import { useTranslation } from 'react-i18next';

export function isLocale(language: string | undefined): language is Locale {
  return (LOCALES as readonly (string | undefined)[]).includes(language);
}

/** The contract's locale of an i18next language (the app only ever sets one of LOCALES). */
export function localeOf(language: string | undefined): Locale {
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

/** The interface language as a contract locale; a component using it renders again when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return localeOf(i18n.language);
}
