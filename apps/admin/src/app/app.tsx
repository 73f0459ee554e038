import type { OperatorMe } from '@minecloud/contract/console';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLanguage } from '@/i18n';
import { antdLocale } from '@/i18n/antd-locale';
import { SessionProvider } from './session-provider';
import { CONSOLE_THEME } from './theme';
import './i18n';

function AntdConfig({ motion, children }: { motion: boolean; children: ReactNode }) {
  const language = useLanguage();
  return (
    <ConfigProvider
      locale={antdLocale(language)}
      theme={{ ...CONSOLE_THEME, token: { ...CONSOLE_THEME.token, motion } }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Everything a screen relies on: queries, i18n, antd (locale follows the language) and the session. */
export function AppProviders({
  queryClient,
  initialMe,
  motion = true,
  children,
}: {
  queryClient: QueryClient;
  initialMe?: OperatorMe | null;
  /** Off in tests: jsdom never ends a transition. */
  motion?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AntdConfig motion={motion}>
          <SessionProvider initialMe={initialMe}>{children}</SessionProvider>
        </AntdConfig>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
