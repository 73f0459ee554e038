import type { BasicConfig } from '@minecloud/contract/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AntdLocale } from '@/app/antd-locale';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { setRelaunch } from '@/lib/relaunch';

export const BASIC_CONFIG: BasicConfig = {
  appName: 'MineCloud Demo',
  chainId: 56,
  appVersion: '1.0.0',
  demo: true,
  banners: [
    { id: 'b1', image: '/banners/mining.svg', title: 'Mining', link: '/pages/my_child/minelist/minelist' },
    { id: 'b2', image: '/banners/team.svg', title: 'Team', link: '' },
  ],
  customerService: { email: 'help@example.com', telegram: '@minecloud' },
  limits: {},
  features: {},
};

type Handler = (request: { url: URL; init: RequestInit; body: unknown }) => { status?: number; body: unknown };

/**
 * Replaces fetch with a tiny fake server: `handlers` are keyed by "METHOD /path". Unknown calls
 * answer 404. Returns the mock to inspect calls.
 */
export function mockServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const answer = handler
      ? handler({ url, init, body })
      : { status: 404, body: { code: 404, data: null, msg: '内容不存在' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown) => ({ body: { code: 0, data, msg: '' } });

/** Renders the real route table at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setRelaunch((target) => {
    void router.navigate(target, { replace: true });
  });
  const queryClient = createQueryClient();
  const view = render(
    <AntdLocale>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdLocale>,
  );
  return { router, queryClient, ...view };
}
