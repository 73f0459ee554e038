import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'minecloud.admin.language';

function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === stored);
  } catch {
    return undefined;
  }
}

/** The remembered choice, else the browser's: Chinese when it starts with zh, English otherwise. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return browser.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** A namespace's texts: one JSON file per language (`./locales/<language>.json`), as `import.meta.glob` lists them. */
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

// No fallback language: every namespace has every key in every language (messages.test.ts), so a
// second language's files would only be fetched for nothing.
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
  namespaces.set(namespace, loaders);
  await i18n.loadNamespaces(namespace);
}

await registerMessages('common', import.meta.glob('./locales/*.json', { import: 'default' }));

export function currentLanguage(): Language {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

/** The console's language in a component, which renders again when it is switched. */
export function useLanguage(): Language {
  const { i18n: current } = useTranslation();
  return current.language === 'zh-CN' ? 'zh-CN' : 'en';
}

/** Switches the console's language, once every registered namespace's texts in it are loaded, and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts until the page reloads.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
