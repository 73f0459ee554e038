import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router';
import { createQueryClient, forgetQueriesWhenSessionEnds } from '@/lib/query-client';
import { AntdLocale } from './antd-locale';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

/** `queryClient`: one made before the first render (main.tsx starts requests in it early). */
export function App({ queryClient: early }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => early ?? createQueryClient());
  useEffect(() => forgetQueriesWhenSessionEnds(queryClient), [queryClient]);
  return (
    <AppErrorBoundary>
      <AntdLocale>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </QueryClientProvider>
      </AntdLocale>
    </AppErrorBoundary>
  );
}
