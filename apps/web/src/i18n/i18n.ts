import { DEFAULT_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdTexts } from '@/lib/antd-locale';
import { manifestPath } from '@/pwa/manifest';
import type networkPayZhCN from './feature-locales/networkPay/zh-CN.json';
import type transparencyZhCN from './feature-locales/transparency/zh-CN.json';
import type walletToolsZhCN from './feature-locales/walletTools/zh-CN.json';
import type zhCN from './locales/zh-CN.json';

/** Every text: the ones every page may need, and those of features that load their own (below). */
export type Messages = typeof zhCN & typeof networkPayZhCN & typeof transparencyZhCN & typeof walletToolsZhCN;
export type MessageKey = keyof Messages;

type LocaleModule = { default: Messages };

// Each language is its own chunk: only the active one is downloaded.
const localeLoaders = import.meta.glob<LocaleModule>('./locales/*.json');

/**
 * Texts only one feature's pages use, apart from the language's chunk every route downloads first
 * (feature-locales/<feature>/<locale>.json): the route loads them with its page (`loadFeatureMessages`),
 * or the code that needs them with itself (walletTools: paying from the wallet and scanning an
 * address, loaded on the member's tap; networkPay: the hash-rate page's card of what the network
 * paid, loaded with the card), and a change of language loads them again for the new
 * language before it switches.
 */
export const MESSAGE_FEATURES = ['networkPay', 'transparency', 'walletTools'] as const;
export type MessageFeature = (typeof MESSAGE_FEATURES)[number];
const featureLoaders = import.meta.glob<LocaleModule>('./feature-locales/*/*.json');
/** The features whose texts were asked for: a new language needs them too. */
const featuresInUse = new Set<MessageFeature>();
const featuresAdded = new Set<string>();

async function addFeatureMessages(feature: MessageFeature, locale: string): Promise<void> {
  const key = `${feature}/${locale}`;
  if (featuresAdded.has(key)) return;
  const loader = featureLoaders[`./feature-locales/${key}.json`];
  if (!loader) throw new Error(`No ${feature} messages for locale ${locale}`);
  const messages = (await loader()).default;
  // Merged into the language's own texts, which are loaded first (i18next would otherwise take this
  // bundle for the whole language and never load the rest).
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
  featuresAdded.add(key);
}

/** Resolved once i18next has its language and that language's texts (initI18n). */
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/**
 * Loads `feature`'s texts in the current language; a route awaits it with its page's chunk. A first
 * route's page is fetched while i18n still starts: its texts wait for the language to be known.
 */
export async function loadFeatureMessages(feature: MessageFeature): Promise<void> {
  featuresInUse.add(feature);
  await started;
  await addFeatureMessages(feature, i18n.language);
}

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
  markStarted();
}

/** The page says which language it is in, and points the install prompt at that language's manifest. */
function showLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', manifestPath(locale));
}

/** Switches to `locale` once its messages and antd-mobile's texts in it are loaded. */
export async function changeLocale(locale: Locale): Promise<void> {
  // The language's texts first, then the features' in use, so no page shows a key while it switches.
  await i18n.loadLanguages(locale);
  await Promise.all([...featuresInUse].map((feature) => addFeatureMessages(feature, locale)));
  await Promise.all([i18n.changeLanguage(locale), loadAntdTexts(locale)]);
  showLocale(locale);
}

export { i18n };
