import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';
import { type LazyPage, LazyRoute, lazyPage } from './lazy-page';
import { firstQueriesAt, routes } from './router';

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
  mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
});

function Crash(): React.JSX.Element {
  throw new Error('boom');
}

const signIn = () => useSession.setState({ token: 'jwt', address: '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e' });

describe('route table', () => {
  it.each(Object.entries(paths))('has a route at exactly the path of %s', (_name, route) => {
    const matches = matchRoutes(routes, route.path) ?? [];
    expect(matches.at(-1)?.route.path).toBe(route.path);
  });

  it('shows the home tab at /, its tab path and /pages/index/index, with the home tab selected', async () => {
    for (const path of ['/', paths.home.path, paths.index.path]) {
      const view = renderApp(path);
      expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();
      expect(screen.getByTestId('nav-title')).toHaveTextContent('首页');
      expect(screen.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
      expect(screen.queryByTestId('nav-back')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('draws the five tabs in the spec order', async () => {
    renderApp('/');
    const bar = await screen.findByTestId('tabbar');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.dataset.testid),
    ).toEqual(['tab-home', 'tab-second', 'tab-three', 'tab-four', 'tab-team']);
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['首页', '挖矿', '我的团队', '行情走势', '团队']);
  });

  it('switches tab and marks it selected', async () => {
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('tab-four'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.four.path));
    expect(await screen.findByTestId('market-link-chain-zone')).toBeInTheDocument();
    expect(screen.getByTestId('nav-title')).toHaveTextContent('行情走势');
    expect(screen.getByTestId('tab-four')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a public page with its title and a back button, without the tab bar', async () => {
    renderApp(paths.noticeList.path);
    expect(await screen.findByTestId('notice-tab-notice')).toHaveTextContent('公告');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('公告');
    expect(document.title).toBe('公告 · MineCloud 云矿');
    expect(screen.getByTestId('nav-back')).toBeInTheDocument();
    expect(screen.queryByTestId('tabbar')).not.toBeInTheDocument();
  });

  it('shows no title on the candlestick page', async () => {
    renderApp(paths.kline.href({ symbol: 'BTC' }));
    expect(await screen.findByTestId('kline-tab-1d')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-title')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-back')).toBeInTheDocument();
  });

  it('shows a friendly not-found page for an unknown path', async () => {
    const { router } = renderApp('/pages/nowhere');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('你访问的页面不存在或已被移除');
    await userEvent.click(screen.getByTestId('not-found-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('login guard', () => {
  it('sends a signed-out visitor of a private page to sign in, with the page and its query as redirect', async () => {
    const { router } = renderApp('/pages/my_child/assetslist/assetslist?asset=USDT&from=home');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/pages/my_child/assetslist/assetslist?asset=USDT&from=home')}`,
    );
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('登录');
  });

  it.each([
    paths.three,
    paths.team,
    paths.assetsList,
    paths.assetDetails,
    paths.mineList,
    paths.power,
    paths.powerDetail,
    paths.equityOrder,
    paths.feedback,
    paths.feedOrder,
    paths.bindEmail,
    paths.bindWallet,
    paths.topUp,
    paths.transform,
    paths.donate,
    paths.levelRewards,
    paths.rank,
    paths.teamRank,
  ])('guards $path', async (route) => {
    expect(route.private).toBe(true);
    const { router } = renderApp(route.path);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
  });

  it('lets a signed-in member in', async () => {
    signIn();
    const { router } = renderApp(paths.assetsList.path);
    expect(await screen.findByTestId('my-assets')).toBeInTheDocument();
    expect(screen.getByTestId('nav-title')).toHaveTextContent('我的资产');
    expect(router.state.location.pathname).toBe(paths.assetsList.path);
  });

  it('leaves public pages open', async () => {
    const { router } = renderApp(paths.drawRecord.path);
    expect(await screen.findByTestId('round-tab-1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.drawRecord.path);
  });
});

describe('lazy pages', () => {
  it('shows a clickable error when the page code fails to load, and loads it again on click', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: () => <p>loaded page</p> });
    const page = lazyPage(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyRoute page={page} />);
    const error = await screen.findByTestId('lazy-load-error');
    expect(error).toHaveTextContent('页面加载失败，点击重试');
    await userEvent.click(error);
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a page downloaded before its first render at once, without the loading box', async () => {
    const load = vi.fn(async () => ({ default: () => <p>ready page</p> }));
    const page = lazyPage(load);
    page.preload();
    page.preload();
    await vi.waitFor(() => expect(page.loaded).toBeDefined());
    render(<LazyRoute page={page} />);
    // In the first commit: no loading box, no wait.
    expect(screen.getByText('ready page')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the new page when a route change hands the same element another page', async () => {
    const first = lazyPage(async () => ({ default: () => <p>first page</p> }));
    const second = lazyPage(async () => ({ default: () => <p>second page</p> }));
    await first.preload();
    const view = render(<LazyRoute page={first} />);
    expect(screen.getByText('first page')).toBeInTheDocument();
    view.rerender(<LazyRoute page={second} />);
    expect(await screen.findByText('second page')).toBeInTheDocument();
    expect(screen.queryByText('first page')).not.toBeInTheDocument();
    // And back: the first page again, at once (it is downloaded).
    view.rerender(<LazyRoute page={first} />);
    expect(screen.getByText('first page')).toBeInTheDocument();
  });

  it('preloads the page of a path, and only that page, and answers its first queries', async () => {
    const pageAt = (path: string) => {
      const handle = (matchRoutes(routes, path) ?? []).at(-1)?.route.handle as { page: LazyPage };
      return handle.page;
    };
    const query = { queryKey: ['assets'], queryFn: () => 1 };
    const module = { default: () => <p>assets</p>, firstQueries: () => [query] };
    const assets = vi.spyOn(pageAt(paths.assetsList.path), 'preload').mockResolvedValue(module);
    const feedback = vi.spyOn(pageAt(paths.feedback.path), 'preload').mockResolvedValue(undefined);
    expect(await firstQueriesAt(paths.assetsList.path)).toEqual([query]);
    expect(assets).toHaveBeenCalledTimes(1);
    expect(feedback).not.toHaveBeenCalled();
    // A page that failed to come has none; home is no lazy page: nothing to preload, its queries all the same.
    expect(await firstQueriesAt(paths.feedback.path)).toEqual([]);
    const home = await firstQueriesAt(paths.root.path);
    expect(home.map((q) => q.queryKey[0])).toEqual(['market', 'content']);
    expect(assets).toHaveBeenCalledTimes(1);
  });

  it('keeps a crashing page inside its route error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyRoute page={lazyPage(async () => ({ default: Crash }))} />);
    expect(await screen.findByTestId('route-error')).toHaveTextContent('这个页面出了点问题');
  });
});
