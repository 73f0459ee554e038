import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { doubleTap, pause } from '@/test/double-tap';
import {
  balancesAnswer,
  DEMO_BALANCES,
  headersOf,
  IDEMPOTENCY_KEY,
  networkFailure,
  OWN_ID,
} from '@/test/fixtures/money';
import { signInBeforeEachTest } from '@/test/page-setup';
import { type mockServer, ok, renderApp } from '@/test/render-app';
import { BALANCES, server } from '../testing/my-assets-fixtures';

const calls = (fetchMock: ReturnType<typeof mockServer>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === `/app-api/${path}`);

signInBeforeEachTest();

const BTC_DETAIL = 'GET /market-api/blockCoin/getCoinDetail';
const btcDetail = (price: string | null, source = 'exchange') =>
  ok({
    symbol: 'BTCUSDT',
    base: 'BTC',
    name: 'Bitcoin',
    chain: true,
    price,
    change24hPct: '1',
    high24h: null,
    low24h: null,
    volume24h: null,
    source,
    asOf: new Date(2026, 0, 2, 8, 30, 0).toISOString(),
    open24h: null,
    quoteVolume24h: null,
    lastCandleAt: null,
  });

describe('my assets in USDT', () => {
  it("totals the balances at the prices now, with each asset's share, and names the prices", async () => {
    const fetchMock = server({ [BTC_DETAIL]: () => btcDetail('60000') });
    renderApp(paths.assetsList.path);
    // 5000 gold at 100 a USDT + 14.499999 USDT + 0.00000001 BTC × 60000: 64.500599 USDT.
    // Until the prices come, the section is there at its size, with dashes and a line saying so.
    expect(await screen.findByTestId('assets-prices-used')).toHaveTextContent('正在获取价格…');
    expect(screen.getByTestId('asset-shares')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('asset-share-GOLD').textContent).toBe('金币----');
    await waitFor(() => expect(screen.getByTestId('assets-total-usdt')).toHaveTextContent(/^64\.50$/));
    expect(screen.getByTestId('asset-shares')).toHaveAttribute('aria-busy', 'false');
    const share = (asset: string) => screen.getByTestId(`asset-share-${asset}`).textContent;
    // 77.518… and 22.481…: rounded together they add up to 100.00%.
    expect(share('GOLD')).toBe('金币50.0077.52%');
    expect(share('USDT')).toBe('USDT14.4922.48%');
    expect(share('BTC')).toBe('BTC0.000.00%');
    // The donut: arcs as long as the shares, out of 100.
    const arc = screen.getByTestId('asset-share-arc-GOLD');
    expect(Number.parseFloat(arc.getAttribute('stroke-dasharray') ?? '')).toBeCloseTo(77.5187, 3);
    expect(screen.getByRole('img', { name: '总资产（可用+冻结）折合 USDT' })).toBeInTheDocument();
    expect(screen.getByTestId('assets-prices-used')).toHaveTextContent(
      '按 1 BTC = 60,000.00 USDT、1 USDT = 100 金币计算。 数据时间 2026-01-02 08:30:00',
    );
    const [detail] = fetchMock.mock.calls.filter(([url]) => String(url).includes('getCoinDetail'));
    expect(new URL(String(detail?.[0]), 'http://localhost').searchParams.get('symbol')).toBe('BTCUSDT');
  });

  it('says when the BTC price is simulated, and waits for one before totalling BTC held', async () => {
    server({ [BTC_DETAIL]: () => btcDetail('60000', 'simulated') });
    const { unmount } = renderApp(paths.assetsList.path);
    await waitFor(() => expect(screen.getByTestId('assets-prices-used')).toHaveTextContent('模拟行情'));
    unmount();
    server({ [BTC_DETAIL]: () => btcDetail(null) });
    renderApp(paths.assetsList.path);
    await waitFor(() =>
      expect(screen.getByTestId('assets-prices-used')).toHaveTextContent('暂无BTC价格。1 USDT = 100 金币。'),
    );
    expect(screen.getByTestId('assets-total-usdt')).toHaveTextContent('--');
    // Each asset keeps its row (the section its size), with no figure until BTC has a price.
    expect(screen.getByTestId('asset-share-GOLD').textContent).toBe('金币----');
    expect(screen.queryByTestId('asset-share-arc-GOLD')).not.toBeInTheDocument();
  });
});

describe('my assets', () => {
  it("shows the member's ID and a card per asset, truncated and never rounded", async () => {
    server();
    renderApp(paths.assetsList.path);
    await waitFor(() => expect(screen.getByTestId('member-id')).toHaveTextContent(OWN_ID));
    expect(screen.getByTestId('member-id-card')).toHaveTextContent('0xf39F...2266');

    expect(await screen.findByTestId('asset-available-GOLD')).toHaveTextContent('5,000.00');
    expect(screen.getByTestId('asset-available-USDT')).toHaveTextContent('10.99');
    expect(screen.getByTestId('asset-locked-USDT')).toHaveTextContent('3.50');
    // BTC amounts are small: they keep 8 decimals, still truncated.
    expect(screen.getByTestId('asset-available-BTC')).toHaveTextContent('0.00000001');
    expect(screen.getByTestId('asset-earnings-BTC')).toHaveTextContent('0.00001234');
    expect(await screen.findByTestId('asset-earned-USDT')).toHaveTextContent('25.50');
    expect(within(screen.getByTestId('asset-card-GOLD')).getByRole('heading')).toHaveTextContent('金币');
    expect(within(screen.getByTestId('asset-card-USDT')).getByText('待领取收益')).toBeInTheDocument();
    expect(screen.queryByTestId('claim-GOLD')).not.toBeInTheDocument();
  });

  it('shows a balance that adds up: available + locked, each truncated, is the balance shown', async () => {
    server({
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({
          ...BALANCES,
          GOLD: { available: '1234567.89', locked: '0.5' },
          USDT: { available: '767.655', locked: '12.345' },
        }),
    });
    renderApp(paths.assetsList.path);
    // The true balance is 780.000: truncating it would show 780.00 beside 767.65 + 12.34.
    expect(await screen.findByTestId('asset-available-USDT')).toHaveTextContent('767.65');
    expect(screen.getByTestId('asset-locked-USDT')).toHaveTextContent('12.34');
    expect(screen.getByTestId('asset-total-USDT')).toHaveTextContent('779.99');
    expect(within(screen.getByTestId('asset-card-USDT')).getByText('余额（可用+冻结）')).toBeInTheDocument();
    // Grouped by thousands, and still adding up.
    expect(screen.getByTestId('asset-available-GOLD')).toHaveTextContent('1,234,567.89');
    expect(screen.getByTestId('asset-locked-GOLD')).toHaveTextContent('0.50');
    expect(screen.getByTestId('asset-total-GOLD')).toHaveTextContent('1,234,568.39');
  });

  it('disables claiming with nothing to claim, and claims the rest with an Idempotency-Key', async () => {
    let claimed = false;
    const fetchMock = server({
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer(claimed ? { ...BALANCES, BTC: { available: '0.00001253', earnings: '0' } } : { ...BALANCES }),
      'POST /app-api/biz/user-btc-record/receive': () => {
        claimed = true;
        return ok({ claimed: '0.00001234' });
      },
    });
    renderApp(paths.assetsList.path);
    expect(await screen.findByTestId('claim-USDT')).toBeDisabled();
    const btc = screen.getByTestId('claim-BTC');
    expect(btc).toBeEnabled();
    expect(btc).toHaveTextContent('领取');

    await userEvent.click(btc);
    expect(await screen.findByText('已领取 0.00001234 BTC')).toBeInTheDocument();
    const [claim] = calls(fetchMock, 'biz/user-btc-record/receive');
    expect(headersOf(claim![1]!)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    expect(JSON.parse(String(claim![1]!.body))).toEqual({});
    // Balances are fetched again: the earnings moved to available.
    await waitFor(() => expect(screen.getByTestId('asset-available-BTC')).toHaveTextContent('0.00001253'));
    expect(screen.getByTestId('claim-BTC')).toBeDisabled();
  });

  it('says 领取中... while claiming', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = server({
      'POST /app-api/biz/user-btc-record/receive': () => ok({ claimed: '0.00001234' }),
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('receive') ? new Promise((resolve) => (answer = resolve)) : original(input, init),
    );
    renderApp(paths.assetsList.path);
    await userEvent.click(await screen.findByTestId('claim-BTC'));
    await waitFor(() => expect(screen.getByTestId('claim-BTC')).toHaveTextContent('领取中...'));
    answer(new Response(JSON.stringify({ code: 0, data: { claimed: '0.00001234' }, msg: '' })));
    expect(await screen.findByText('已领取 0.00001234 BTC')).toBeInTheDocument();
  });

  it('retries a claim that got no answer with the same Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = server({
      'POST /app-api/biz/user-btc-record/receive': () => {
        attempts += 1;
        return attempts === 1 ? networkFailure() : ok({ claimed: '0.00001234' });
      },
    });
    renderApp(paths.assetsList.path);
    await userEvent.click(await screen.findByTestId('claim-BTC'));
    expect(await screen.findByText('网络错误，换个网络试试')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('claim-BTC')).toBeEnabled());
    await userEvent.click(screen.getByTestId('claim-BTC'));
    expect(await screen.findByText('已领取 0.00001234 BTC')).toBeInTheDocument();
    const keys = calls(fetchMock, 'biz/user-btc-record/receive').map(([, init]) => headersOf(init!)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(IDEMPOTENCY_KEY);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows skeletons while loading, then an error with a retry that works', async () => {
    let fail = true;
    server({
      'GET /app-api/asset/selectAssetBalance': () =>
        fail
          ? { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } }
          : balancesAnswer(DEMO_BALANCES),
    });
    renderApp(paths.assetsList.path);
    expect(await screen.findByTestId('my-assets-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('my-assets-error')).toHaveTextContent('资产加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('asset-available-USDT')).toHaveTextContent('1,000.00');
  });

  it('refreshes on a pull of more than 150 px, with the spec texts in a 70 px head', async () => {
    const fetchMock = server();
    renderApp(paths.assetsList.path);
    await screen.findByTestId('asset-available-USDT');
    // The pull's code arrives once the page is idle.
    const head = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.adm-pull-to-refresh-head-content');
      expect(found).not.toBeNull();
      return found;
    });
    expect(head?.style.height).toBe('70px');
    const before = calls(fetchMock, 'asset/selectAssetBalance').length;

    // Vitest's jsdom global is not `instanceof Window`; the pull gesture walks up to the window and needs it.
    const hasInstance = Object.getOwnPropertyDescriptor(Window, Symbol.hasInstance);
    Object.defineProperty(Window, Symbol.hasInstance, {
      configurable: true,
      value: (value: unknown) => value === window,
    });
    onTestFinished(() => {
      if (hasInstance) Object.defineProperty(Window, Symbol.hasInstance, hasInstance);
      else Reflect.deleteProperty(Window, Symbol.hasInstance);
    });
    const target = screen.getByTestId('my-assets');
    const point = (y: number) => [{ identifier: 0, target, clientX: 10, clientY: y }];
    const touch = (y: number) => ({ touches: point(y), targetTouches: point(y), changedTouches: point(y) });
    fireEvent.touchStart(target, touch(0));
    fireEvent.touchMove(target, touch(100));
    expect(await screen.findByText('下拉刷新')).toBeInTheDocument();
    fireEvent.touchMove(target, touch(700));
    expect(await screen.findByText('释放立即刷新')).toBeInTheDocument();
    fireEvent.touchEnd(target, { touches: [], targetTouches: [], changedTouches: point(700) });
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    expect(calls(fetchMock, 'asset/selectAssetBalance').length).toBe(before + 1);
    expect(calls(fetchMock, 'biz/biz-user/get/earnings').length).toBeGreaterThan(1);
  });

  it("opens each asset's details, and the gift, top-up and donation screens", async () => {
    server();
    const { router } = renderApp(paths.assetsList.path);
    await userEvent.click(await screen.findByTestId('asset-details-link-BTC'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.assetDetails.path));
    expect(router.state.location.search).toBe('?asset=BTC');

    for (const [action, route] of [
      ['gift', paths.transform],
      ['top-up', paths.topUp],
      ['donation', paths.donate],
    ] as const) {
      await router.navigate(paths.assetsList.path);
      resetNavigationThrottle();
      await userEvent.click(await screen.findByTestId(`my-assets-go-${action}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(route.path));
    }
    await waitFor(() => expect(screen.getByTestId('nav-title')).toHaveTextContent('爱心捐赠'));
  });

  it('offers withdrawing USDT and BTC, and their Withdrawal History, but not gold coins', async () => {
    server();
    const { router } = renderApp(paths.assetsList.path);
    expect(await screen.findByTestId('asset-USDT-withdraw')).toHaveTextContent('提现');
    expect(screen.getByTestId('asset-BTC-withdrawals')).toHaveTextContent('提现记录');
    expect(within(screen.getByTestId('asset-card-GOLD')).queryByText('提现')).not.toBeInTheDocument();

    for (const [action, route, asset] of [
      ['withdraw', paths.withdraw, 'USDT'],
      ['withdraw', paths.withdraw, 'BTC'],
      ['withdrawals', paths.withdrawRecord, 'BTC'],
    ] as const) {
      await router.navigate(paths.assetsList.path);
      resetNavigationThrottle();
      await userEvent.click(await screen.findByTestId(`asset-${asset}-${action}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(route.path));
      expect(router.state.location.search).toBe(`?asset=${asset}`);
    }
  });

  it('claims once on a double tap, without a confirm', async () => {
    const fetchMock = server({
      'POST /app-api/biz/user-btc-record/receive': () => ok({ claimed: '0.00001234' }),
    });
    renderApp(paths.assetsList.path);
    await doubleTap(await screen.findByTestId('claim-BTC'));
    expect(await screen.findByText('已领取 0.00001234 BTC')).toBeInTheDocument();
    await pause();
    expect(calls(fetchMock, 'biz/user-btc-record/receive')).toHaveLength(1);
    expect(screen.queryByTestId('dialog-confirm')).not.toBeInTheDocument();
  });
});
