import { type ClientErrorName, clientErrorMessage } from '@minecloud/contract/client-errors';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';
import i18n from 'i18next';

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language);
}

/**
 * The server's own wording of an answer code in the interface language, for a check the app
 * makes before asking (so "Select at least one image" reads the same from either side).
 */
export function errorText(name: ClientErrorName, params?: Record<string, string | number>): string {
  return clientErrorMessage(name, isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE, params);
}
