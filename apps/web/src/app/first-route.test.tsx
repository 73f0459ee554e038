import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { server } from '@/features/assets/testing/my-assets-fixtures';
import { miningServer, page, product } from '@/features/mining/testing/mining-fixtures';
import { prefetchFirst, settledWithin } from '@/lib/first-data';
import { createQueryClient } from '@/lib/query-client';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { signInBeforeEachTest } from '@/test/page-setup';
import { mockServer, ok, renderApp } from '@/test/render-app';
import { FIRST_ROUTE_WAIT_MS, prepareFirstRoute } from './first-route';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', async (original) => ({ ...(await original<object>()), showToast: toast }));

signInBeforeEachTest();

describe('the first route, before the first render', () => {
  it('has my assets render with their balances at once: no loading box, no skeleton', async () => {
    const fetch = server();
    const client = createQueryClient();
    await prepareFirstRoute(client, paths.assetsList.path);
    expect(fetch).toHaveBeenCalledTimes(3);
    renderApp(paths.assetsList.path, client);
    // The first commit, not a later one: get, not find.
    expect(screen.getByTestId('asset-available-USDT')).toHaveTextContent('10.99');
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('my-assets-loading')).not.toBeInTheDocument();
    // The page's queries took what was asked for: nothing asked twice. The total in USDT asks for its
    // prices (gold per USDT, BTC's) after the first render, once each.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/app-api/biz/biz-user/get',
      '/app-api/asset/selectAssetBalance',
      '/app-api/biz/biz-user/get/earnings',
      '/app-api/biz/biz-config/get/basic',
      '/market-api/blockCoin/getCoinDetail?symbol=BTCUSDT',
    ]);
  });

  it('keeps no failed answer and toasts nothing: the page asks again and shows the failure itself', async () => {
    const fetch = server({ 'GET /app-api/asset/selectAssetBalance': () => ({ status: 500, body: 'down' }) });
    const client = createQueryClient();
    await prepareFirstRoute(client, paths.assetsList.path);
    expect(client.getQueryState(['balances'])).toBeUndefined();
    expect(client.getQueryData(['user'])).toBeDefined();
    expect(toast).not.toHaveBeenCalled();
    renderApp(paths.assetsList.path, client);
    expect(await screen.findByTestId('my-assets-error')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('selectAssetBalance'))).toHaveLength(2);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('has the mining tab render with its banner at once, not a skeleton after index.html’s banner', async () => {
    miningServer({ 'POST /app-api/user_mining_machines/miningMachineList': () => page([product('1')]) });
    const client = createQueryClient();
    await prepareFirstRoute(client, paths.second.path);
    renderApp(paths.second.path, client);
    expect(screen.getByTestId('miner-banner-m1').querySelector('img')).toHaveAttribute('src', '/banners/mining.svg');
  });

  it('has the notices and the market trend render with their data at once, not their skeletons', async () => {
    mockServer({
      'GET /app-api/biz/biz-notice/page': () =>
        ok({
          list: [
            { id: 'n1', type: 'notice', title: 'T', summary: 'S', publishedAt: '2026-11-28T00:00:00Z', lang: 'en' },
          ],
          total: 1,
        }),
      'GET /market-api/tokenMarketCondition/tokenMarketCondition': () =>
        ok({ list: [], rising: 1, unchanged: 2, falling: 3, source: 'simulated', asOf: null }),
    });
    const notices = createQueryClient();
    await prepareFirstRoute(notices, paths.noticeList.path);
    const list = renderApp(paths.noticeList.path, notices);
    expect(screen.getByTestId('notice-row-n1')).toHaveTextContent('S');
    list.unmount();
    const trend = createQueryClient();
    await prepareFirstRoute(trend, paths.four.path);
    renderApp(paths.four.path, trend);
    expect(screen.getByTestId('trend-falling')).toHaveTextContent('3');
    // The articles' tab was not asked for early: it asks when it renders, as before.
    window.location.hash = `#${paths.noticeList.path}?type=article`;
    const articles = createQueryClient();
    await prepareFirstRoute(articles, paths.noticeList.path);
    expect(articles.getQueryCache().getAll()).toEqual([]);
    window.location.hash = '';
  });

  it('waits no longer than its bound for data that is slow to come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let settled = false;
      const never = new Promise<never>(() => {});
      void settledWithin(never, FIRST_ROUTE_WAIT_MS).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(FIRST_ROUTE_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for nothing for a page without first queries, or for a signed-out visit', async () => {
    const client = createQueryClient();
    const fetch = server();
    await prefetchFirst(client, []);
    await prepareFirstRoute(client, paths.feedback.path);
    useSession.setState({ ...DEFAULT_SESSION });
    await prepareFirstRoute(client, paths.assetsList.path);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("has home render with its market, newest notice and the member's badge at once, and ask nothing more on mount", async () => {
    const coin = { symbol: 'BTCUSDT', base: 'BTC', name: 'Bitcoin', chain: true, price: '97123.459' };
    const fetch = server({
      'GET /market-api/blockCoin/coinInfoList': () =>
        ok({ list: [{ ...coin, change24hPct: '2.345', high24h: '1', low24h: '1', volume24h: '1' }], total: 1 }),
      'GET /app-api/biz/biz-notice/page': () =>
        ok({
          list: [
            {
              id: 'n1',
              type: 'notice',
              title: '维护通知',
              summary: 'S',
              publishedAt: '2026-11-28T00:00:00Z',
              lang: 'zh-CN',
            },
          ],
          total: 1,
        }),
      'GET /app-api/biz/notification/unread': () => ok({ total: 3, notifications: 1, notices: 2 }),
    });
    const client = createQueryClient();
    await prepareFirstRoute(client, paths.root.path);
    const asked = fetch.mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(asked).toEqual([
      '/market-api/blockCoin/coinInfoList',
      '/app-api/biz/biz-notice/page',
      '/app-api/biz/biz-user/get',
      '/app-api/biz/notification/unread',
    ]);
    renderApp(paths.root.path, client);
    // The first commit, not a later one: get, not find.
    expect(screen.getByTestId('home-market-list')).toHaveTextContent('BTC');
    expect(screen.getByTestId('home-notice-title')).toHaveTextContent('维护通知');
    expect(screen.getByTestId('home-bell')).toHaveTextContent('3');
    expect(screen.getByTestId('home-identity')).toBeInTheDocument();
    // The mount asked again for none of them (the basic config and the pop-up are not first-screen data).
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(asked.length));
    const later = fetch.mock.calls.slice(asked.length).map(([url]) => String(url).split('?')[0]);
    for (const url of asked) expect(later).not.toContain(url);
  });
});
