import type { Locale } from '@minecloud/contract/locales';
import enUS from 'antd-mobile/es/locales/en-US';
import koKR from 'antd-mobile/es/locales/ko-KR';
import msMY from 'antd-mobile/es/locales/ms-MY';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';

/** antd-mobile's own texts (上传中..., 确定, 取消, pull-to-refresh…) in the interface language. */
export const ANTD_LOCALES: Record<Locale, typeof zhCN> = {
  'zh-CN': zhCN,
  en: enUS,
  'zh-TW': zhTW,
  'ko-KR': koKR,
  'ms-MY': msMY,
};
