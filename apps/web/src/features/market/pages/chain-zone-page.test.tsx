import { MARKET_API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { failure, page } from '@/test/calls';
import { renderApp } from '@/test/render-app';
import { BTC, ETH, marketCalls, marketPath, marketServer } from '../testing/market-fixtures';

const COINS = MARKET_API.coinList;

beforeEach(() => {
  resetNavigationThrottle();
});

const card = (symbol: string) =>
  screen.getAllByTestId('coin-card').find((element) => element.dataset.symbol === symbol) as HTMLElement;

describe('public chain zone', () => {
  it("asks for the public chains' coins only, by GET, and shows each one's price and 24 h change", async () => {
    const fetchMock = marketServer();
    renderApp(paths.chainList.path);
    await screen.findByTestId('chain-zone');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('公链专区');
    const [call] = marketCalls(fetchMock, COINS);
    expect(call?.init.method).toBe('GET');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ pageNo: '1', pageSize: '50', chain: 'true' });

    expect(screen.getAllByTestId('coin-card')).toHaveLength(3);
    expect(card('BTCUSDT')).toHaveTextContent('Bitcoin');
    expect(within(card('BTCUSDT')).getByTestId('coin-price')).toHaveTextContent(/^97,123\.45$/);
    expect(within(card('BTCUSDT')).getByTestId('coin-change')).toHaveTextContent('+2.34%');
    expect(card('BTCUSDT')).toHaveAttribute('data-direction', 'up');
    expect(within(card('ETHUSDT')).getByTestId('coin-change')).toHaveTextContent('-1.50%');
    expect(card('ETHUSDT')).toHaveAttribute('data-direction', 'down');
    expect(screen.queryByTestId('simulated-badge')).not.toBeInTheDocument();
  });

  it('says 模拟行情 when any coin is priced by the simulated feed', async () => {
    marketServer({ [marketPath(COINS)]: () => page([BTC, { ...ETH, source: 'simulated' }]) });
    renderApp(paths.chainList.path);
    expect(await screen.findByTestId('simulated-badge')).toHaveTextContent('模拟行情');
  });

  it("opens a coin's candlestick chart on a tap", async () => {
    marketServer();
    const { router } = renderApp(paths.chainList.path);
    await screen.findByTestId('chain-zone');
    await userEvent.click(card('TRXUSDT'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.kline.path));
    expect(router.state.location.search).toBe('?symbol=TRXUSDT');
  });

  it('says when there is no coin, and offers a retry when loading fails', async () => {
    let answer: { status?: number; body: unknown } = failure;
    marketServer({ [marketPath(COINS)]: () => answer });
    renderApp(paths.chainList.path);
    expect(await screen.findByTestId('chain-zone-error')).toHaveTextContent('行情加载失败');
    answer = page([]);
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('chain-zone-empty')).toHaveTextContent('暂无行情数据');
  });
});
