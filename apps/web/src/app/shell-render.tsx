import { shortenAddress } from '@minecloud/contract/address';
import { groupByThrees, shownParts, truncateDecimals } from '@minecloud/contract/amount';
import { API, API_BASE, MARKET_API } from '@minecloud/contract/api-paths';
import type { NoticeRow } from '@minecloud/contract/content';
import { DEFAULT_LOCALE } from '@minecloud/contract/locales';
import type { MarketTrend } from '@minecloud/contract/market';
import type { CommunityOverview } from '@minecloud/contract/team';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useRoutes } from 'react-router';
import { getBalancesQueryOptions } from '@/api/get-balances';
import { getUserQueryOptions } from '@/api/get-user';
import { paths } from '@/config/paths';
import MyAssetsPage from '@/features/assets/pages/my-assets-page';
import { getNoticesQueryOptions } from '@/features/content/api/get-notices';
import NoticeListPage from '@/features/content/pages/notice-list-page';
import { getMarketTrendQueryOptions } from '@/features/market/api/get-market-trend';
import MarketTrendPage from '@/features/market/pages/market-trend-page';
import { getCommunityInfoQueryOptions } from '@/features/team/api/get-community-info';
import TeamPage from '@/features/team/pages/team-page';
import messages from '@/i18n/locales/zh-CN.json';
import { EARLY_REQUESTS_KEY } from '@/lib/early-response';
import { formatLocalTime } from '@/lib/format-time';
import { moneyText } from '@/lib/money-text';
import { SESSION_STORAGE_KEY, type UserInfo, useSession } from '@/lib/session';
import type { RenderedShell, ShellFill } from '../../../../scripts/shell/data';
import { EARLY_CONFIG_KEY } from './early-config';
import { earlyRequests } from './early-requests';
import { routes } from './router';

/**
 * The first paint before any JavaScript (scripts/vite-shell.ts runs this at build time): the real
 * routes rendered to static HTML, signed out, in the default language, with every request pending
 * (home's banner box and notice bar as their skeletons, a lazy page as its loading box). React
 * replaces it on its first render with the same markup. The data pages whose largest paint waits
 * for their first answer are rendered too, with marks where the answer's values go: the inline
 * script fills them when that answer comes before the app (docs/architecture.md, "A member's first
 * load").
 */

/** The public tab pages, each a frame of its own (home is the document's own markup). */
const TAB_FRAMES = { second: paths.second.path, four: paths.four.path };
/** The tab pages only a member sees, each a frame of its own, rendered signed in. */
const MEMBER_TAB_FRAMES = { team: paths.team.path };
/** Not a route: renders the not-found page's frame (a back button, a loading box), titled by the script. */
const PAGE_FRAME_PATH = '/__shell__/page';
/** The page frame's title until the script puts the route's own there (any text: it makes the heading). */
const TITLE_MARK = '…';

/** Where the inline script writes an answer's value `name` (scripts/shell/script.ts, `fill`). */
export const mark = (name: string) => `⟦${name}⟧`;

function Routed() {
  return useRoutes(routes);
}

function render(path: string, content: ReactNode, client = new QueryClient()): string {
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
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{content}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function renderAt(path: string): string {
  return render(path, <Routed />);
}

/**
 * Renders signed in. A server render reads the session store's initial state (zustand's server
 * snapshot), not its state: the token goes there for this render only.
 */
function asMember(rendering: () => string): string {
  const initial = useSession.getInitialState();
  const { token } = initial;
  Object.assign(initial, { token: 'shell' });
  try {
    return rendering();
  } finally {
    Object.assign(initial, { token });
  }
}

/** HTML's elements without an end tag. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Markup cut short, with the elements still open closed (React's markup escapes `>` in attributes). */
function closed(markup: string): string {
  const open: string[] = [];
  for (const [, end, name = ''] of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*>/g)) {
    if (VOID_ELEMENTS.has(name)) continue;
    if (end) open.pop();
    else open.push(name);
  }
  const ends = open.reverse().map((name) => `</${name}>`);
  return markup + ends.join('');
}

/**
 * A page's markup with the data of its first queries, up to `cut` (the start of the first of the
 * page's parts left out: it and every later one, the shell paints what is above them).
 */
function renderPage(path: string, page: ReactNode, seed: (client: QueryClient) => void, cut: string): string {
  const client = new QueryClient();
  seed(client);
  const markup = render(path, page, client);
  const at = markup.indexOf(cut);
  if (at < 0) throw new Error(`${path}: the page's markup has no ${cut} to cut at`);
  return closed(markup.slice(0, at));
}

/** Writes `name`'s mark where the page wrote `text` (a value it formats itself), found exactly once. */
function marked(markup: string, text: string, name: string): string {
  const pieces = markup.split(text);
  if (pieces.length !== 2) throw new Error(`"${text}" is not in the page's markup once, for ${name}`);
  return pieces.join(mark(name));
}

function fillTemplates(): Record<string, string> {
  const templates: Record<string, string> = {};
  const row = {
    id: mark('id'),
    type: 'notice',
    title: mark('title'),
    summary: mark('summary'),
    publishedAt: mark('publishedAt'),
    lang: mark('lang'),
  } as unknown as NoticeRow;
  templates.notices = renderPage(
    paths.noticeList.path,
    <NoticeListPage />,
    (client) =>
      client.setQueryData(getNoticesQueryOptions('notice', DEFAULT_LOCALE).queryKey, {
        pages: [{ list: [row], total: 1 }],
        pageParams: [1],
      }),
    // The list's footer, below its rows.
    '<div class="adm-infinite-scroll">',
  );
  // The summary's badge and note show for the simulated feed, its time once the feed has reported.
  for (const simulated of [false, true]) {
    for (const asOf of [false, true]) {
      const trend = {
        list: [],
        rising: mark('rising'),
        unchanged: mark('unchanged'),
        falling: mark('falling'),
        source: simulated ? 'simulated' : null,
        asOf: asOf ? mark('asOf') : null,
      } as unknown as MarketTrend;
      templates[`trend${simulated ? '-simulated' : ''}${asOf ? '-asof' : ''}`] = renderPage(
        paths.four.path,
        <MarketTrendPage />,
        (client) => client.setQueryData(getMarketTrendQueryOptions().queryKey, trend),
        // The coins' list, below the summary.
        '<section class="market-page__card"',
      );
    }
  }
  // Amounts the page formats itself: values whose text is found once, then marked.
  const total = '900000001.11';
  const added = '900000002.22';
  const community = {
    members: mark('members'),
    activeMembers: mark('activeMembers'),
    totalPerformance: total,
    newPerformance: added,
    day: mark('day'),
  } as unknown as CommunityOverview;
  const team = renderPage(
    paths.team.path,
    <TeamPage />,
    (client) => client.setQueryData(getCommunityInfoQueryOptions().queryKey, community),
    // The data board, below the community's card.
    '<section class="team-card" aria-labelledby="data-board-title"',
  );
  templates.community = marked(
    marked(team, moneyText(total, 2, DEFAULT_LOCALE), 'totalPerformance'),
    moneyText(added, 2, DEFAULT_LOCALE),
    'newPerformance',
  );
  // The member's ID card (an address this short is shown whole: its mark stays one), then the gold
  // coins' card, the first: the cards below it, and the prices of the total above it, come later.
  const user = { id: mark('id'), address: mark('address') } as UserInfo;
  const gold = { asset: 'GOLD' as const, available: '900000003.33', locked: '900000004.44', earnings: '900000005.55' };
  const none = (asset: 'USDT' | 'BTC') => ({ asset, available: '0', locked: '0', earnings: '0' });
  let assets = renderPage(
    paths.assetsList.path,
    <MyAssetsPage />,
    (client) => {
      client.setQueryData(getUserQueryOptions().queryKey, user);
      client.setQueryData(getBalancesQueryOptions().queryKey, { GOLD: gold, USDT: none('USDT'), BTC: none('BTC') });
    },
    '<section class="asset-card" aria-labelledby="asset-card-USDT-title"',
  );
  const {
    parts: [available = '', locked = ''],
    total: sum,
  } = shownParts([gold.available, gold.locked], 'GOLD');
  const figures = { available, locked, total: sum, earnings: gold.earnings };
  for (const [name, value] of Object.entries(figures)) {
    assets = marked(assets, moneyText(value, 'GOLD', DEFAULT_LOCALE), name);
  }
  templates.assets = assets;
  return templates;
}

/** The early request of `path` whose URL ends with `url` (its key). */
function requestKey(requests: RenderedShell['requests'], path: string, url: string): string {
  const found = requests[path]?.find((request) => request.url.split('?')[0]?.endsWith(`/${url}`));
  if (!found) throw new Error(`${path} asks for no ${url} early (app/early-requests.ts)`);
  return found.key;
}

export function renderShell(): RenderedShell {
  const frames: Record<string, string> = { home: renderAt(paths.root.path) };
  const framePaths: Record<string, string> = {};
  for (const [name, path] of Object.entries(TAB_FRAMES)) {
    frames[name] = renderAt(path);
    framePaths[path] = name;
  }
  const memberFramePaths: Record<string, string> = {};
  for (const [name, path] of Object.entries(MEMBER_TAB_FRAMES)) {
    frames[name] = asMember(() => renderAt(path));
    memberFramePaths[path] = name;
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
  const requests = earlyRequests();
  const fills: Record<string, ShellFill> = {
    // A member's list has the way to their notifications above it.
    [paths.noticeList.path]: {
      paint: 'notices',
      requests: [requestKey(requests, paths.noticeList.path, API.noticePage)],
      member: false,
    },
    [paths.four.path]: { paint: 'trend', requests: [requestKey(requests, paths.four.path, MARKET_API.trend)] },
    [paths.team.path]: {
      paint: 'community',
      requests: [requestKey(requests, paths.team.path, API.communityInfo)],
      member: true,
    },
    [paths.assetsList.path]: {
      paint: 'assets',
      requests: [
        requestKey(requests, paths.assetsList.path, API.userGet),
        requestKey(requests, paths.assetsList.path, API.balances),
      ],
      member: true,
    },
  };
  return {
    frames,
    page: renderAt(PAGE_FRAME_PATH),
    framePaths,
    memberFramePaths,
    homePaths: [paths.root.path, paths.home.path, paths.index.path],
    titles,
    routePaths,
    sessionKey: SESSION_STORAGE_KEY,
    defaultLocale: DEFAULT_LOCALE,
    configUrl: `${API_BASE.main}${API.basicConfig}`,
    earlyConfigKey: EARLY_CONFIG_KEY,
    requests,
    earlyRequestsKey: EARLY_REQUESTS_KEY,
    fills,
    fillTemplates: fillTemplates(),
    helpers: {
      localTime: formatLocalTime.toString(),
      truncate: truncateDecimals.toString(),
      group: groupByThrees.toString(),
      shorten: shortenAddress.toString(),
    },
  };
}
