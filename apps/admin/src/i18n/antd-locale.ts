import type { Locale } from '@minecloud/contract/locales';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// English is antd's own default and the console's fallback; each other language is a chunk of its
// own, loaded with that language (index.ts setLanguage), not with every route.
const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  en: async () => ({ default: enUS }),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
  'ko-KR': () => import('antd/locale/ko_KR'),
  'ms-MY': () => import('antd/locale/ms_MY'),
};

const loaded: Partial<Record<Locale, AntdLocale>> = { en: enUS };

/** antd's texts (date pickers, pagination, empty tables…) in `language`, English until they are loaded. */
export function antdLocale(language: Locale): AntdLocale {
  return loaded[language] ?? enUS;
}

export async function loadAntdLocale(language: Locale): Promise<void> {
  loaded[language] ??= (await loaders[language]()).default;
}
