import { LOCALES, type Locale, localeFromAcceptLanguage } from '@minecloud/contract/locales';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';

/** The product's five languages (the contract's LOCALES), as the member app has them. */
export const LANGUAGES = LOCALES;
export type Language = Locale;

const STORAGE_KEY = 'minecloud.admin.language';

function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === stored);
  } catch {
    return undefined;
  }
}

/**
 * A browser's language as the console's: Traditional Chinese for zh-TW, zh-HK, zh-MO and zh-Hant,
 * Simplified for any other zh, Korean for ko, Malay for ms, English for anything else (the API reads
 * Accept-Language the same way).
 */
export function languageOfBrowser(tag: string): Language {
  return tag.trim() ? localeFromAcceptLanguage(tag) : 'en';
}

/** The remembered choice, else the browser's. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  return languageOfBrowser(typeof navigator === 'undefined' ? '' : navigator.language);
}

/** `language` if it is one of the console's, else English. */
function known(language: string | undefined): Language {
  return LANGUAGES.find((l) => l === language) ?? 'en';
}

/** A namespace's texts: one JSON file per language (`locales/<language>.json`), as `import.meta.glob` lists them. */
export type MessageFiles = Record<string, () => Promise<unknown>>;

/** Each registered namespace's loaders, by language. */
const namespaces = new Map<string, Map<string, () => Promise<unknown>>>();

// i18next asks for a namespace in a language when a feature registers it and when the language
// changes (for every namespace registered so far), and switches only once they are loaded: each
// language of each namespace is a chunk of its own, fetched when it is needed.
const jsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespaces.get(namespace)?.get(language);
    if (!load) {
      callback(new Error(`No ${namespace} texts in ${language}`), null);
      return;
    }
    load().then(
      (messages) => callback(null, messages as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// No fallback language: every namespace has every key in every language (scripts/locales.test.ts),
// so a second language's files would only be fetched for nothing.
await i18n
  .use(jsonBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [],
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/**
 * Adds a namespace's texts and resolves once those of the current language are loaded; awaited at
 * module load in `features/<name>/i18n.ts` (`await registerMessages(NS, import.meta.glob(...))`),
 * so a page's lazy chunk resolves with its texts.
 */
export async function registerMessages(namespace: string, files: MessageFiles): Promise<void> {
  const loaders = new Map<string, () => Promise<unknown>>();
  for (const [file, load] of Object.entries(files)) {
    const language = /([^/]+)\.json$/.exec(file)?.[1];
    if (language) loaders.set(language, load);
  }
  // A module moved away from its locales/ would find none and show keys: it fails at once instead.
  if (!LANGUAGES.every((language) => loaders.has(language))) {
    throw new Error(`${namespace} lacks texts in ${LANGUAGES.filter((l) => !loaders.has(l)).join(', ')}`);
  }
  namespaces.set(namespace, loaders);
  await i18n.loadNamespaces(namespace);
}

await Promise.all([
  registerMessages('common', import.meta.glob('./locales/*.json', { import: 'default' })),
  loadAntdLocale(known(i18n.language)),
]);

export function currentLanguage(): Language {
  return known(i18n.language);
}

/** The console's language in a component, which renders again when it is switched. */
export function useLanguage(): Language {
  const { i18n: current } = useTranslation();
  return known(current.language);
}

/** Switches the console's language, once every registered namespace's texts in it are loaded, and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
  // antd's texts first: the providers render again on the switch, and read them then.
  await loadAntdLocale(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
