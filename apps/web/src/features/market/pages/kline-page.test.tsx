import { MARKET_API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { dialogUser } from '@/test/fixtures/money';
import { ok, renderApp } from '@/test/render-app';
import { drawn } from '../testing/chart-stand-in';
import { candles, coinDetail, marketCalls, marketPath, marketServer } from '../testing/market-fixtures';

// lightweight-charts is the stand-in of src/test/setup.ts in every web test: it records what is drawn.

const KLINE = MARKET_API.kline;

beforeEach(() => {
  resetNavigationThrottle();
  drawn.options.length = 0;
  drawn.setData.length = 0;
});

const klineQueries = (fetchMock: ReturnType<typeof marketServer>) =>
  marketCalls(fetchMock, KLINE).map((call) => Object.fromEntries(call.url.searchParams));

async function chartShowing(interval: string, count: number) {
  return waitFor(() => {
    const chart = screen.getByTestId('kline-chart');
    expect(chart).toHaveAttribute('data-interval', interval);
    expect(chart).toHaveAttribute('data-candles', String(count));
    return chart;
  });
}

describe('candlestick page', () => {
  it("shows the coin's price and 24 h figures, with a back button and no title", async () => {
    const fetchMock = marketServer();
    renderApp(paths.kline.href({ symbol: 'btcusdt' }));
    const header = await screen.findByTestId('coin-header');
    expect(within(header).getByTestId('coin-symbol')).toHaveTextContent('BTC');
    expect(header).toHaveTextContent('Bitcoin');
    expect(within(header).getByTestId('coin-price')).toHaveTextContent(/^97,123\.45$/);
    expect(within(header).getByTestId('coin-price')).toHaveAttribute('data-direction', 'up');
    expect(within(header).getByTestId('coin-change')).toHaveTextContent('+2.34%');
    expect(within(header).getByTestId('coin-high')).toHaveTextContent('98,000.99');
    expect(within(header).getByTestId('coin-low')).toHaveTextContent('95,000.10');
    expect(within(header).getByTestId('coin-volume')).toHaveTextContent('18.23K');
    expect(within(header).getByTestId('coin-quote-volume')).toHaveTextContent('1.77B');
    expect(within(header).queryByTestId('simulated-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-title')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-back')).toBeInTheDocument();
    const [detail] = marketCalls(fetchMock, MARKET_API.coinDetail);
    expect(detail?.init.method).toBe('GET');
    expect(detail?.url.searchParams.get('symbol')).toBe('BTCUSDT');
  });

  it('opens on 120 daily candles of BTCUSDT and draws them in UTC seconds, with their volumes', async () => {
    const fetchMock = marketServer();
    renderApp(paths.kline.path);
    await chartShowing('1d', 3);
    expect(screen.getByTestId('kline-tab-1d')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('kline-tab-1d')).toHaveTextContent('日K');
    expect(klineQueries(fetchMock)).toEqual([{ symbol: 'BTCUSDT', interval: '1d', limit: '120' }]);
    expect(marketCalls(fetchMock, KLINE)[0]?.init.method).toBe('GET');
    const candleData = drawn.setData.find((call) => call.series === 'Candlestick')?.data;
    expect(candleData?.[0]).toEqual({ time: Date.UTC(2026, 0, 1) / 1000, open: 100, high: 120, low: 90, close: 110 });
    const volumeData = drawn.setData.find((call) => call.series === 'Histogram')?.data;
    expect(volumeData).toHaveLength(3);
  });

  it('lets a vertical swipe scroll the page and a horizontal one move along the candles', async () => {
    marketServer();
    renderApp(paths.kline.path);
    await chartShowing('1d', 3);
    expect(drawn.options[0]).toMatchObject({
      autoSize: true,
      handleScroll: { vertTouchDrag: false, horzTouchDrag: true, mouseWheel: false },
      handleScale: { mouseWheel: false, pinch: true },
    });
  });

  it('switches to weekly and monthly candles, asking for 104 and 60', async () => {
    const fetchMock = marketServer({
      [marketPath(KLINE)]: ({ url }) => {
        const interval = url.searchParams.get('interval');
        const count = interval === '1w' ? 5 : interval === '1M' ? 2 : 3;
        return ok({ symbol: 'ETHUSDT', interval, list: candles(count), source: 'exchange' });
      },
    });
    const { router } = renderApp(paths.kline.href({ symbol: 'ETHUSDT' }));
    await chartShowing('1d', 3);
    await userEvent.click(screen.getByTestId('kline-tab-1w'));
    await chartShowing('1w', 5);
    expect(screen.getByTestId('kline-tab-1w')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?symbol=ETHUSDT&interval=1w');
    await userEvent.click(screen.getByTestId('kline-tab-1M'));
    await chartShowing('1M', 2);
    expect(screen.getByTestId('kline-tab-1M')).toHaveTextContent('月K');
    expect(klineQueries(fetchMock)).toEqual([
      { symbol: 'ETHUSDT', interval: '1d', limit: '120' },
      { symbol: 'ETHUSDT', interval: '1w', limit: '104' },
      { symbol: 'ETHUSDT', interval: '1M', limit: '60' },
    ]);
  });

  it('offers 1m to 1M and asks the server for each, within its limits', async () => {
    const fetchMock = marketServer({
      [marketPath(KLINE)]: ({ url }) =>
        ok({ symbol: 'BTCUSDT', interval: url.searchParams.get('interval'), list: candles(3), source: 'exchange' }),
    });
    renderApp(paths.kline.path);
    await chartShowing('1d', 3);
    expect(drawn.options.at(-1)).toEqual({ timeScale: { timeVisible: false, secondsVisible: false } });
    const tabs = within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((tab) => [tab.dataset.testid, tab.textContent]);
    expect(tabs).toEqual([
      ['kline-tab-1m', '1分'],
      ['kline-tab-5m', '5分'],
      ['kline-tab-15m', '15分'],
      ['kline-tab-1h', '1时'],
      ['kline-tab-4h', '4时'],
      ['kline-tab-1d', '日K'],
      ['kline-tab-1w', '周K'],
      ['kline-tab-1M', '月K'],
    ]);
    for (const interval of ['1m', '5m', '15m', '1h', '4h']) {
      await userEvent.click(screen.getByTestId(`kline-tab-${interval}`));
      await chartShowing(interval, 3);
      // Within a day, the axis tells candles apart by their time.
      expect(drawn.options.at(-1)).toEqual({ timeScale: { timeVisible: true, secondsVisible: false } });
    }
    expect(klineQueries(fetchMock).map(({ interval, limit }) => [interval, limit])).toEqual([
      ['1d', '120'],
      ['1m', '240'],
      ['5m', '240'],
      ['15m', '192'],
      ['1h', '240'],
      ['4h', '240'],
    ]);
  });

  it('draws the 7-, 25- and 99-candle moving averages of the closes, and names their latest values', async () => {
    // 100 candles closing 110, 95, 110, ... 95.
    marketServer({
      [marketPath(KLINE)]: () => ok({ symbol: 'BTCUSDT', interval: '1d', list: candles(100), source: 'exchange' }),
    });
    renderApp(paths.kline.path);
    await chartShowing('1d', 100);
    const lines = drawn.setData.filter((call) => call.series === 'Line');
    expect(lines.map((line) => line.data.length)).toEqual([94, 76, 2]);
    const first = (index: number) => lines[index]?.data[0] as { time: number; value: number };
    // MA7 starts on the 7th candle: 4 × 110 + 3 × 95 over 7.
    expect(first(0)).toEqual({ time: Date.UTC(2026, 0, 7) / 1000, value: (4 * 110 + 3 * 95) / 7 });
    expect(first(2)).toEqual({ time: Date.UTC(2026, 0, 99) / 1000, value: (50 * 110 + 49 * 95) / 99 });
    // The legend, at the newest candle (closing 95): MA7 is 4 × 95 + 3 × 110 over 7.
    expect(screen.getByTestId('kline-ma-7')).toHaveTextContent('MA7 101.43');
    expect(screen.getByTestId('kline-ma-25')).toHaveTextContent('MA25 102.20');
    expect(screen.getByTestId('kline-ma-99')).toHaveTextContent('MA99 102.42');
    expect(drawn.setData.find((call) => call.series === 'Histogram')?.data).toHaveLength(100);
  });

  it('shows "--" for an average with fewer candles than its period', async () => {
    marketServer();
    renderApp(paths.kline.path);
    await chartShowing('1d', 3);
    expect(screen.getByTestId('kline-ma-7')).toHaveTextContent('MA7 --');
    expect(screen.getByTestId('kline-ma-99')).toHaveTextContent('MA99 --');
  });

  it("shows the server's 'must not exceed' message in place of the chart, and tries again", async () => {
    let refuse = true;
    marketServer({
      [marketPath(KLINE)]: () =>
        refuse
          ? { body: { code: ERROR_CODES.klineWeeksExceeded, data: null, msg: '周K数量不能超过104' } }
          : ok({ symbol: 'BTCUSDT', interval: '1w', list: candles(4), source: 'exchange' }),
    });
    renderApp(paths.kline.href({ symbol: 'BTCUSDT', interval: '1w' }));
    expect(await screen.findByTestId('kline-error')).toHaveTextContent('周K数量不能超过104');
    expect(screen.queryByTestId('kline-chart')).not.toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(screen.getByTestId('kline-error')).getByTestId('error-retry'));
    await chartShowing('1w', 4);
  });

  it('asks for the range in a prompt box: a bad entry is invalid, hours of 4 h candles become candles', async () => {
    const fetchMock = marketServer({
      [marketPath(KLINE)]: ({ url }) =>
        ok({
          symbol: 'BTCUSDT',
          interval: '4h',
          list: candles(Number(url.searchParams.get('limit'))),
          source: 'exchange',
        }),
    });
    renderApp(paths.kline.href({ symbol: 'BTCUSDT', interval: '4h' }));
    await chartShowing('4h', 240);
    // 240 candles of 4 hours: the range is said in hours, as the server's "must not exceed" is.
    expect(screen.getByTestId('kline-range')).toHaveTextContent('显示范围 · 960 小时');
    await userEvent.click(screen.getByTestId('kline-range'));
    const input = await screen.findByTestId('prompt-input');
    expect(input).toHaveValue('960');
    expect(screen.getByText('显示最近多少小时？')).toBeInTheDocument();
    for (const bad of ['0', '1.5', '-3', 'abc']) {
      await dialogUser.clear(input);
      await dialogUser.type(input, bad);
      await dialogUser.click(screen.getByTestId('dialog-confirm'));
      expect(await screen.findByTestId('prompt-invalid')).toHaveTextContent('输入的数据无效');
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await dialogUser.clear(input);
    expect(screen.queryByTestId('prompt-invalid')).not.toBeInTheDocument();
    await dialogUser.type(input, '10{Enter}');
    await chartShowing('4h', 3);
    expect(klineQueries(fetchMock).at(-1)).toEqual({ symbol: 'BTCUSDT', interval: '4h', limit: '3' });
    expect(screen.getByTestId('kline-range')).toHaveTextContent('12 小时');
    await waitFor(() => expect(screen.queryByTestId('prompt-input')).not.toBeInTheDocument());
  });

  it('keeps the range when the prompt is cancelled, and a new tab starts from its own', async () => {
    const fetchMock = marketServer();
    renderApp(paths.kline.href({ symbol: 'BTCUSDT', interval: '1d', limit: '30' }));
    await chartShowing('1d', 3);
    expect(klineQueries(fetchMock)).toEqual([{ symbol: 'BTCUSDT', interval: '1d', limit: '30' }]);
    expect(screen.getByTestId('kline-range')).toHaveTextContent('30 天');
    await userEvent.click(screen.getByTestId('kline-range'));
    await dialogUser.type(await screen.findByTestId('prompt-input'), '5');
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('prompt-input')).not.toBeInTheDocument());
    expect(screen.getByTestId('kline-range')).toHaveTextContent('30 天');
    await userEvent.click(screen.getByTestId('kline-tab-1w'));
    await chartShowing('1w', 3);
    expect(screen.getByTestId('kline-range')).toHaveTextContent('104 周');
  });

  it('says when there are no candles yet', async () => {
    marketServer({ [marketPath(KLINE)]: () => ok({ symbol: 'BTCUSDT', interval: '1d', list: [], source: null }) });
    renderApp(paths.kline.path);
    expect(await screen.findByTestId('kline-empty')).toHaveTextContent('暂无K线数据');
    expect(screen.queryByTestId('kline-chart')).not.toBeInTheDocument();
  });

  it('says 模拟行情 over simulated prices', async () => {
    marketServer({ [marketPath(MARKET_API.coinDetail)]: () => ok(coinDetail({ source: 'simulated' })) });
    renderApp(paths.kline.path);
    const header = await screen.findByTestId('coin-header');
    expect(within(header).getByTestId('simulated-badge')).toHaveTextContent('模拟行情');
  });
});
