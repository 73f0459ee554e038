import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { antdTexts, DEFAULT_ANTD_TEXTS, loadAntdTexts } from '@/lib/antd-locale';
import { useSession } from '@/lib/session';

/**
 * antd-mobile's own texts (上传中..., 我知道了, pull-to-refresh…) follow the interface language: the
 * provider for its components, the default config for its imperative dialogs and toasts, which
 * render outside this tree. A language's texts are loaded with its messages (i18n.ts); should they
 * not be there yet, the last shown stay until they arrive.
 */
export function AntdLocale({ children }: { children: ReactNode }) {
  const localType = useSession((state) => state.localType);
  const [arrived, setArrived] = useState(() => antdTexts(localType) ?? DEFAULT_ANTD_TEXTS);
  const locale = antdTexts(localType) ?? arrived;
  useEffect(() => {
    let live = true;
    void loadAntdTexts(localType).then((texts) => {
      if (live) setArrived(texts);
    });
    return () => {
      live = false;
    };
  }, [localType]);
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
