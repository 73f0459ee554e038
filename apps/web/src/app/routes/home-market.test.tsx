import { API_BASE, MARKET_API } from '@minecloud/contract/api-paths';
import type { CoinRow } from '@minecloud/contract/market';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { INSTALL_DISMISSED_KEY } from '@/pwa/install-card';
import { captureInstallPrompt } from '@/pwa/install-prompt';
import { page } from '@/test/calls';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

const coin = (base: string, price: string, change24hPct: string, name: string): CoinRow => ({
  symbol: `${base}USDT`,
  base,
  name,
  chain: true,
  price,
  change24hPct,
  high24h: price,
  low24h: price,
  volume24h: '1000',
  source: 'exchange',
  asOf: '2026-11-23T07:25:00.000Z',
});

let prices = [coin('BTC', '97123.459', '2.345', 'Bitcoin'), coin('ETH', '3456.999', '-1.5', 'Ethereum')];

function server() {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    [`GET ${API_BASE.market}${MARKET_API.coinList}`]: () => page(prices),
  });
}

captureInstallPrompt(window);

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
  localStorage.removeItem(INSTALL_DISMISSED_KEY);
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('the home market', () => {
  it("leads a visitor's home: the top coins with price and 24 h change, live, before the banners", async () => {
    const fetchMock = server();
    const { queryClient, router } = renderApp('/');
    const market = await screen.findByTestId('home-market-list');
    const rows = within(market).getAllByTestId('coin-row');
    expect(rows.map((row) => row.dataset.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(within(rows[0] as HTMLElement).getByTestId('coin-price')).toHaveTextContent('97,123.45');
    expect(within(rows[0] as HTMLElement).getByTestId('coin-change')).toHaveTextContent('+2.34%');
    expect(within(rows[1] as HTMLElement).getByTestId('coin-change')).toHaveTextContent('-1.50%');
    expect(screen.getByTestId('home-market')).toHaveTextContent('行情');
    // First on the page, above the banners.
    const banners = await screen.findByTestId('home-banners');
    expect(screen.getByTestId('home-market').compareDocumentPosition(banners)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).includes(MARKET_API.coinList));
    expect(new URL(String(asked[0]?.[0]), 'http://localhost').searchParams.get('pageSize')).toBe('5');

    // A price event of the live stream makes the market queries stale: the new price shows.
    prices = [coin('BTC', '98000', '3.1', 'Bitcoin'), prices[1] as CoinRow];
    await act(() => queryClient.invalidateQueries({ queryKey: ['market'] }));
    await waitFor(() => expect(screen.getAllByTestId('coin-price')[0]).toHaveTextContent('98,000.00'));

    await userEvent.click(screen.getByTestId('home-market-more'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.coinList.path));
  });

  it("comes after the member's balances and entries when signed in", async () => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
      [`GET ${API_BASE.market}${MARKET_API.coinList}`]: () => page(prices),
    });
    useSession.setState({ token: 'jwt-1', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    renderApp('/');
    const market = await screen.findByTestId('home-market');
    const card = await screen.findByTestId('session-card');
    expect(card.compareDocumentPosition(market)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});

/** Chromium's install offer, as a page receives it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the install card', () => {
  it("offers the browser's install dialog where the browser offers one, once", async () => {
    server();
    renderApp('/');
    await screen.findByTestId('home-market');
    expect(screen.queryByTestId('install-card')).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    const card = await screen.findByTestId('install-card');
    expect(card).toHaveAttribute('data-kind', 'prompt');
    expect(card).toHaveTextContent('添加到主屏幕');
    await userEvent.click(screen.getByTestId('install-action'));
    expect(event.prompt).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('install-card')).toBeNull());
  });

  it('on iOS Safari says how to add the app to the home screen; dismissed, it stays away', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    );
    await changeLocale('en');
    server();
    const first = renderApp('/');
    const card = await screen.findByTestId('install-card');
    expect(card).toHaveAttribute('data-kind', 'ios');
    expect(card).toHaveTextContent('In Safari, tap Share, then “Add to Home Screen”');
    await userEvent.click(screen.getByTestId('install-dismiss'));
    expect(screen.queryByTestId('install-card')).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    first.unmount();

    renderApp('/');
    await screen.findByTestId('home-market');
    expect(screen.queryByTestId('install-card')).toBeNull();
  });

  it('is never shown in the app opened from the home screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    );
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      server();
      renderApp('/');
      await screen.findByTestId('home-market');
      expect(screen.queryByTestId('install-card')).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });
});
