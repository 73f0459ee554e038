import type { Locale } from '@minecloud/contract/locales';

/** Each language is named in itself, so a reader can find theirs whatever the current language. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
  'ko-KR': '한국어',
  'ms-MY': 'Bahasa Melayu',
};
