import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { ANTD_LOCALES } from '@/lib/antd-locale';
import { useSession } from '@/lib/session';

/**
 * antd-mobile's own texts (上传中..., 我知道了, pull-to-refresh…) follow the interface language: the
 * provider for its components, the default config for its imperative dialogs and toasts, which
 * render outside this tree.
 */
export function AntdLocale({ children }: { children: ReactNode }) {
  const locale = ANTD_LOCALES[useSession((state) => state.localType)] ?? ANTD_LOCALES['zh-CN'];
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
