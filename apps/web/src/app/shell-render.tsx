import { API, API_BASE } from '@minecloud/contract/api-paths';
import { DEFAULT_LOCALE } from '@minecloud/contract/locales';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import messages from '@/i18n/locales/zh-CN.json';
import { EARLY_REQUESTS_KEY } from '@/lib/early-response';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import type { RenderedShell } from '../../../../scripts/shell/data';
import { EARLY_CONFIG_KEY } from './early-config';
import { earlyRequests } from './early-requests';
import { routes } from './router';

/**
 * The first paint before any JavaScript (scripts/vite-shell.ts runs this at build time): the real
 * routes rendered to static HTML, signed out, in the default language, with every request pending
 * (home's banner box and notice bar as their skeletons, a lazy page as its loading box). React
 * replaces it on its first render with the same markup.
 */

/** The public tab pages, each a frame of its own (home is the document's own markup). */
const TAB_FRAMES = { second: paths.second.path, four: paths.four.path };
/** Not a route: renders the not-found page's frame (a back button, a loading box), titled by the script. */
const PAGE_FRAME_PATH = '/__shell__/page';
/** The page frame's title until the script puts the route's own there (any text: it makes the heading). */
const TITLE_MARK = '…';

function Routed() {
  return useRoutes(routes);
}

function renderAt(path: string): string {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: { ...messages, titleNotFound: TITLE_MARK } } },
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routed />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export function renderShell(): RenderedShell {
  const frames: Record<string, string> = { home: renderAt(paths.root.path) };
  const framePaths: Record<string, string> = {};
  for (const [name, path] of Object.entries(TAB_FRAMES)) {
    frames[name] = renderAt(path);
    framePaths[path] = name;
  }
  const titles: Record<string, string> = {};
  const routePaths: Record<string, string> = {};
  for (const [key, route] of Object.entries(paths)) {
    routePaths[key] = route.path;
    if (!route.titleKey) continue;
    // Titles are among every route's texts, not a feature's (i18n.ts, MESSAGE_FEATURES).
    const title = (messages as Record<string, string | undefined>)[route.titleKey];
    if (!title) throw new Error(`route ${key}: its title ${route.titleKey} is not in locales/zh-CN.json`);
    titles[route.path] = title;
  }
  return {
    frames,
    page: renderAt(PAGE_FRAME_PATH),
    framePaths,
    homePaths: [paths.root.path, paths.home.path, paths.index.path],
    titles,
    routePaths,
    sessionKey: SESSION_STORAGE_KEY,
    defaultLocale: DEFAULT_LOCALE,
    configUrl: `${API_BASE.main}${API.basicConfig}`,
    earlyConfigKey: EARLY_CONFIG_KEY,
    requests: earlyRequests(),
    earlyRequestsKey: EARLY_REQUESTS_KEY,
  };
}
