import { DEFAULT_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdTexts } from '@/lib/antd-locale';
import { manifestPath } from '@/pwa/manifest';
import type zhCN from './locales/zh-CN.json';

export type Messages = typeof zhCN;
export type MessageKey = keyof Messages;

type LocaleModule = { default: Messages };

// Each language is its own chunk: only the active one is downloaded.
const localeLoaders = import.meta.glob<LocaleModule>('./locales/*.json');

function loadMessages(locale: string): Promise<Messages> {
  const loader = localeLoaders[`./locales/${locale}.json`];
  if (!loader) return Promise.reject(new Error(`No messages for locale ${locale}`));
  return loader().then((module) => module.default);
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadMessages(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Starts i18next in `locale` and resolves once its messages, and antd-mobile's texts in it, are
 * loaded. No fallback language: every
 * locale has every key (locales.test.ts), so a second language's messages would only delay the first
 * render.
 */
export async function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<void> {
  if (i18n.isInitialized) {
    await changeLocale(locale);
    return;
  }
  const messages = i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  await Promise.all([messages, loadAntdTexts(locale)]);
  showLocale(locale);
}

/** The page says which language it is in, and points the install prompt at that language's manifest. */
function showLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', manifestPath(locale));
}

/** Switches to `locale` once its messages and antd-mobile's texts in it are loaded. */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([i18n.changeLanguage(locale), loadAntdTexts(locale)]);
  showLocale(locale);
}

export { i18n };
