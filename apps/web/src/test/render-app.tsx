import type { BasicConfig } from '@minecloud/contract/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { vi } from 'vitest';
import { AntdLocale } from '@/app/antd-locale';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

export const BASIC_CONFIG: BasicConfig = {
  appName: 'MineCloud Demo',
  chainId: 56,
  appVersion: '1.0.0',
  demo: true,
  banners: [
    {
      id: 'b1',
      image: '/banners/mining.svg',
      title: 'Mining',
      subtitle: 'Daily output',
      link: '/pages/my_child/minelist/minelist',
      lang: 'en',
    },
    { id: 'b2', image: '/banners/team.svg', title: 'Team', subtitle: '', link: '', lang: 'en' },
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

/** What a test reads of the router: where it is, how it got there, and a way to go elsewhere. */
export type TestRouter = {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: string) => Promise<void>;
};

/** Keeps `router` up to date with the memory router it is rendered in. */
function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate: NavigateFunction = useNavigate();
  router.state = { location, historyAction };
  router.navigate = (to) =>
    act(async () => {
      await navigate(to);
    });
  return null;
}

/** Renders the app's routes (`AppRoutes`, as App does) at `path` in a memory router. */
/** The app at `path`; `queryClient` when a test filled it first (as main.tsx does before the first render). */
export function renderApp(path: string, queryClient = createQueryClient()) {
  const router = {} as TestRouter;
  const view = render(
    <AntdLocale>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <RouterProbe router={router} />
        </MemoryRouter>
      </QueryClientProvider>
    </AntdLocale>,
  );
  return { router, queryClient, ...view };
}
