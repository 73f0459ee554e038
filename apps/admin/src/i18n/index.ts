import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { commonMessages } from './common';

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

// Messages are bundled with the code that uses them (registerMessages), so i18next starts at once.
i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: {},
  initAsync: false,
  keySeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** Adds a feature's texts under its namespace; call it at module load in `features/<name>/i18n.ts`. */
export function registerMessages(
  namespace: string,
  messages: { en: Record<string, string>; 'zh-CN': Record<string, string> },
): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, namespace, messages[language], true, true);
}

registerMessages('common', commonMessages);

export function currentLanguage(): Language {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

/** The console's language in a component, which renders again when it is switched. */
export function useLanguage(): Language {
  const { i18n: current } = useTranslation();
  return current.language === 'zh-CN' ? 'zh-CN' : 'en';
}

/** Switches the console's language and remembers it. */
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
