import { MARKET_API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { failure, page } from '@/test/calls';
import { layOutListsInThisFile } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { BTC, coinRow, ETH, marketCalls, marketPath, marketServer } from '../testing/market-fixtures';

const COINS = MARKET_API.coinList;

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
});

const rows = () => within(screen.getByTestId('coin-list')).getAllByTestId('coin-row');
const coins = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => coinRow(`C${from + i}USDT`, { chain: false }));

describe('public chain list', () => {
  it('lists every coin with its price, 24 h change and 24 h volume', async () => {
    const fetchMock = marketServer({ [marketPath(COINS)]: () => page([BTC, ETH]) });
    renderApp(paths.coinList.path);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('公链列表');
    const [btc, eth] = rows();
    expect(btc).toHaveTextContent('BTC/USDT');
    expect(btc).toHaveTextContent('24h量 18.23M');
    expect(within(btc!).getByTestId('coin-price')).toHaveTextContent(/^97,123\.45$/);
    expect(within(eth!).getByTestId('coin-change')).toHaveTextContent('-1.50%');
    const [call] = marketCalls(fetchMock, COINS);
    expect(call?.init.method).toBe('GET');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ pageNo: '1', pageSize: '20' });
  });

  it('loads the next page at the end of the list, says when it failed, and retries on 点击重试', async () => {
    const asked: string[] = [];
    let failSecond = true;
    marketServer({
      [marketPath(COINS)]: ({ url }) => {
        const pageNo = url.searchParams.get('pageNo');
        asked.push(`${pageNo}`);
        if (pageNo === '1') return page(coins(1, 20), 23);
        return failSecond ? failure : page(coins(21, 3), 23);
      },
    });
    renderApp(paths.coinList.path);
    expect(await screen.findByTestId('list-failed')).toHaveTextContent('加载失败点击重试');
    expect(rows()).toHaveLength(20);
    failSecond = false;
    await userEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(rows()).toHaveLength(23);
    expect(asked).toEqual(['1', '2', '2']);
  });

  it("opens a coin's candlestick chart on a tap", async () => {
    marketServer();
    const { router } = renderApp(paths.coinList.path);
    await screen.findByTestId('coin-list');
    await userEvent.click(rows()[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?symbol=ETHUSDT'));
    expect(router.state.location.pathname).toBe(paths.kline.path);
  });

  it('says 模拟行情 over simulated prices', async () => {
    marketServer({ [marketPath(COINS)]: () => page([{ ...BTC, source: 'simulated' }]) });
    renderApp(paths.coinList.path);
    expect(await screen.findByTestId('simulated-badge')).toHaveTextContent('模拟行情');
  });

  it('says when there is no coin', async () => {
    marketServer({ [marketPath(COINS)]: () => page([]) });
    renderApp(paths.coinList.path);
    expect(await screen.findByTestId('coin-list-empty')).toHaveTextContent('暂无行情数据');
  });
});
