import { MARKET_API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { useLive } from '@/lib/live';
import { resetNavigationThrottle } from '@/lib/navigation';
import { failure } from '@/test/calls';
import { ok, renderApp } from '@/test/render-app';
import {
  AS_OF,
  BTC,
  ETH,
  marketCalls,
  marketPath,
  marketServer,
  marketTrend,
  TRX,
  trendRow,
} from '../testing/market-fixtures';

const TREND = MARKET_API.trend;

beforeEach(() => {
  resetNavigationThrottle();
});

afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('zh-CN');
});

const row = (symbol: string) =>
  within(screen.getByTestId('trend-list'))
    .getAllByTestId('coin-row')
    .find((element) => element.dataset.symbol === symbol) as HTMLElement;

describe('market trend tab', () => {
  it('counts the coins that rose, fell and stayed flat, and lists each with its price, change and trend line', async () => {
    const fetchMock = marketServer();
    renderApp(paths.four.path);
    await screen.findByTestId('trend-list');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('行情走势');
    expect(screen.getByTestId('trend-rising')).toHaveTextContent('1');
    expect(screen.getByTestId('trend-falling')).toHaveTextContent('1');
    expect(screen.getByTestId('trend-unchanged')).toHaveTextContent('1');
    expect(screen.getByTestId('trend-as-of')).toHaveTextContent(`数据时间 ${formatLocalTime(AS_OF)}`);

    const btc = row('BTCUSDT');
    expect(btc).toHaveTextContent('BTC/USDT');
    expect(btc).toHaveTextContent('Bitcoin');
    expect(within(btc).getByTestId('coin-price')).toHaveTextContent(/^97,123\.45$/);
    expect(within(btc).getByTestId('coin-change')).toHaveTextContent('+2.34%');
    expect(within(btc).getByTestId('coin-change')).toHaveAttribute('data-direction', 'up');
    expect(within(btc).getByTestId('coin-sparkline').querySelector('polyline')).toHaveAttribute(
      'points',
      '2,26 28,14 54,2',
    );
    const eth = row('ETHUSDT');
    expect(within(eth).getByTestId('coin-change')).toHaveTextContent('-1.50%');
    expect(within(eth).getByTestId('coin-change')).toHaveAttribute('data-direction', 'down');
    const trx = row('TRXUSDT');
    expect(within(trx).getByTestId('coin-price')).toHaveTextContent(/^0\.2412$/);
    expect(within(trx).getByTestId('coin-change')).toHaveTextContent('0.00%');
    expect(within(trx).getByTestId('coin-change')).toHaveAttribute('data-direction', 'flat');

    expect(screen.queryByTestId('simulated-badge')).not.toBeInTheDocument();
    expect(marketCalls(fetchMock, TREND).map((call) => call.init.method)).toEqual(['GET']);
  });

  it('says 模拟行情 when the prices come from the simulated feed', async () => {
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ source: 'simulated' })) });
    renderApp(paths.four.path);
    const summary = await screen.findByTestId('trend-summary');
    expect(within(summary).getByTestId('simulated-badge')).toHaveTextContent('模拟行情');
    expect(within(summary).getByTestId('trend-simulated-note')).toHaveTextContent(
      '当前价格来自内置模拟行情，并非交易所实时数据',
    );
  });

  it('shows -- for a coin the feed has not priced yet', async () => {
    const unpriced = trendRow({ ...BTC, price: null, change24hPct: null, source: null }, []);
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ list: [unpriced], asOf: null, source: null })) });
    renderApp(paths.four.path);
    await screen.findByTestId('trend-list');
    expect(within(row('BTCUSDT')).getByTestId('coin-price')).toHaveTextContent('--');
    expect(within(row('BTCUSDT')).getByTestId('coin-change')).toHaveTextContent('--');
    expect(screen.getByTestId('trend-as-of')).toHaveTextContent('行情数据尚未到达');
  });

  it('asks again every 30 seconds, so the prices move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let price = '97123.459';
    const fetchMock = marketServer({
      [marketPath(TREND)]: () => ok(marketTrend({ list: [trendRow({ ...BTC, price })] })),
    });
    renderApp(paths.four.path);
    await screen.findByTestId('trend-list');
    expect(within(row('BTCUSDT')).getByTestId('coin-price')).toHaveTextContent('97,123.45');
    price = '97200.019';
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(within(row('BTCUSDT')).getByTestId('coin-price')).toHaveTextContent('97,200.01'));
    expect(marketCalls(fetchMock, TREND)).toHaveLength(2);
  });

  it("opens a coin's candlestick chart on a tap", async () => {
    marketServer();
    const { router } = renderApp(paths.four.path);
    await screen.findByTestId('trend-list');
    await userEvent.click(row('ETHUSDT'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.kline.path));
    expect(router.state.location.search).toBe('?symbol=ETHUSDT');
  });

  it.each([
    ['chain-zone', paths.chainList.path, '公链专区'],
    ['chain-list', paths.coinList.path, '公链列表'],
    ['draw-record', paths.drawRecord.path, '历史开奖'],
  ])('leads to the %s page', async (name, path, label) => {
    marketServer();
    const { router } = renderApp(paths.four.path);
    const link = await screen.findByTestId(`market-link-${name}`);
    expect(link).toHaveTextContent(label);
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('offers a retry when the market fails to load', async () => {
    let fail = true;
    marketServer({ [marketPath(TREND)]: () => (fail ? failure : ok(marketTrend({ list: [trendRow(ETH)] }))) });
    renderApp(paths.four.path);
    expect(await screen.findByTestId('trend-error')).toHaveTextContent('行情加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    await waitFor(() => expect(row('ETHUSDT')).toBeInTheDocument());
  });

  it('says when there is no coin to show', async () => {
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ list: [], rising: 0, falling: 0, unchanged: 0 })) });
    renderApp(paths.four.path);
    expect(await screen.findByTestId('trend-empty')).toHaveTextContent('暂无行情数据');
  });

  it('speaks English', async () => {
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ source: 'simulated', list: [trendRow(TRX)] })) });
    await changeLocale('en');
    renderApp(paths.four.path);
    expect(await screen.findByTestId('simulated-badge')).toHaveTextContent('Simulated market');
    expect(screen.getByTestId('trend-summary')).toHaveTextContent('Rising');
  });
});

describe('the live marker on the market tab', () => {
  afterEach(() => useLive.getState().setLive(false));

  it('names the simulated feed over a market labelled 模拟行情, and the updates again once it is gone', async () => {
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ source: 'simulated' })) });
    useLive.getState().setLive(true);
    const { router } = renderApp(paths.four.path);
    const summary = await screen.findByTestId('trend-summary');
    expect(within(summary).getByTestId('simulated-badge')).toHaveTextContent('模拟行情');
    const marker = await screen.findByTestId('live-marker');
    await waitFor(() => expect(marker).toHaveTextContent('模拟推送'));
    expect(marker).not.toHaveTextContent('实时');
    expect(marker.getAttribute('title')).toContain('价格来自内置模拟数据，不是真实交易所');

    await router.navigate('/');
    await waitFor(() => expect(screen.getByTestId('live-marker')).toHaveTextContent('实时推送'));
  });

  it('names the updates over exchange prices', async () => {
    marketServer({ [marketPath(TREND)]: () => ok(marketTrend({ source: 'exchange' })) });
    useLive.getState().setLive(true);
    renderApp(paths.four.path);
    await screen.findByTestId('trend-summary');
    expect(screen.queryByTestId('simulated-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-marker')).toHaveTextContent('实时推送');
  });
});
