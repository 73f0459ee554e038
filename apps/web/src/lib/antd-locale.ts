import type { Locale } from '@minecloud/contract/locales';
import zhCN from 'antd-mobile/es/locales/zh-CN';

/** antd-mobile's own texts (上传中..., 确定, 取消, pull-to-refresh…) in one language. */
export type AntdTexts = typeof zhCN;

// zh-CN is antd-mobile's default (its ConfigProvider imports it anyway); each other language is a
// chunk of its own, loaded with that language (i18n.ts), not with the app.
const loaders: Record<Locale, () => Promise<{ default: AntdTexts }>> = {
  'zh-CN': async () => ({ default: zhCN }),
  en: () => import('antd-mobile/es/locales/en-US'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  'ko-KR': () => import('antd-mobile/es/locales/ko-KR'),
  'ms-MY': () => import('antd-mobile/es/locales/ms-MY'),
};

/** antd-mobile's default texts, zh-CN: always there. */
export const DEFAULT_ANTD_TEXTS: AntdTexts = zhCN;

const loaded: Partial<Record<Locale, AntdTexts>> = { 'zh-CN': zhCN };

/** The texts of `locale` if they are loaded. */
export function antdTexts(locale: Locale): AntdTexts | undefined {
  return loaded[locale];
}

/** Loads the texts of `locale` (zh-CN for a language antd-mobile does not know). */
export async function loadAntdTexts(locale: Locale): Promise<AntdTexts> {
  const have = loaded[locale];
  if (have) return have;
  const load = loaders[locale];
  if (!load) return zhCN;
  const texts = (await load()).default;
  loaded[locale] = texts;
  return texts;
}
