import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import { balancesAnswer, DEMO_BALANCES, dialogUser, headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { callsTo, dividendDays, earningsAnswer, equityServer, failure, round } from '../testing/equity-fixtures';

const EQUITY = paths.equity.path;
const ROUND = 'biz/equity-investment/get';
const BUY = 'biz/equity-investment-order/buy';
const REINVEST = 'biz/equity-investment-order/re-buy';

/** A round that sells 2 shares at least and has 5 left, at 0.1 USDT: 0.1 × 3 must read 0.30, not 0.30000000000000004. */
const SMALL = round({ pricePerShare: '0.1', minQuantity: 2, sharesRemaining: 5, totalShares: 8 });

async function openBuy() {
  await userEvent.click(await screen.findByTestId('equity-buy'));
  return screen.findByTestId('share-buy-form');
}

async function openReinvest() {
  await userEvent.click(await screen.findByTestId('equity-reinvest'));
  return screen.findByTestId('reinvest-form');
}

async function retype(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await dialogUser.clear(input);
  if (text) await dialogUser.type(input, text);
}

const buyError = () => screen.queryByTestId('share-buy-error')?.textContent ?? null;
const buyNote = () => screen.queryByTestId('share-buy-quantity-note')?.textContent ?? null;
const reinvestError = () => screen.queryByTestId('reinvest-error')?.textContent ?? null;

signInBeforeEachTest();
chineseAfterEachTest();

describe('equity dividends chart', () => {
  it("draws the member's last 30 days of dividends in USDT, the shown day's U and BTC above", async () => {
    const fetchMock = equityServer({
      'GET /app-api/biz/equity-investment-order/daily-yield': () =>
        ok({
          list: dividendDays([
            { usdt: '0.246575', btc: '0.0000041', value: '0.492575' },
            { usdt: '0.5', btc: '0', value: '0.5' },
            { usdt: '0.246575', btc: '0.00000205', value: '0.369575' },
          ]),
        }),
    });
    renderApp(EQUITY);
    const chart = await screen.findByRole('img', { name: /近30日每日股权分红柱状图/ });
    // 0.492575 + 0.5 + 0.369575, exactly.
    expect(chart).toHaveAccessibleName(expect.stringContaining('共30天，合计 1.36 USDT，最高 0.50 USDT（2024-05-29）'));
    const bars = screen.getAllByTestId('yield-bar');
    expect(bars).toHaveLength(30);
    // The best day fills the 124-unit plot; the others in proportion (to a part in 10,000).
    expect(bars.slice(-3).map((bar) => Number(bar.getAttribute('height')))).toEqual([
      (9851 / 10_000) * 124,
      124,
      (7391 / 10_000) * 124,
    ]);
    expect(screen.getByTestId('yield-chart-selected')).toHaveTextContent('2024-05-300.24 USDT + 0.00000205 BTC');
    await userEvent.click(bars[27]!);
    expect(screen.getByTestId('yield-chart-selected')).toHaveTextContent('2024-05-280.24 USDT + 0.00000410 BTC');
    expect(callsTo(fetchMock, 'biz/equity-investment-order/daily-yield')[0]?.url.searchParams.get('days')).toBe('30');
  });

  it('says so before any dividend, and asks nothing of a visitor', async () => {
    equityServer();
    const member = renderApp(EQUITY);
    expect(await screen.findByTestId('yield-chart-empty')).toHaveTextContent('暂无分红');
    member.unmount();
    useSession.setState(DEFAULT_SESSION);
    const fetchMock = equityServer();
    renderApp(EQUITY);
    await screen.findByTestId('equity-round');
    expect(callsTo(fetchMock, 'biz/equity-investment-order/daily-yield')).toHaveLength(0);
  });
});

describe('equity investment page', () => {
  it('shows the round: price, yield, term, minimum, shares sold and left', async () => {
    equityServer({
      [`GET /app-api/${ROUND}`]: () =>
        ok(round({ pricePerShare: '99.999', annualYieldPct: '7.5', minQuantity: 10, termDays: 180 })),
    });
    renderApp(EQUITY);
    const card = await screen.findByTestId('equity-round');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('股权投资');
    // The price is what each share costs, in full.
    expect(within(card).getByTestId('equity-price')).toHaveTextContent('99.999');
    expect(within(card).getByTestId('equity-yield')).toHaveTextContent('7.5%');
    expect(within(card).getByTestId('equity-term')).toHaveTextContent('180 天');
    expect(within(card).getByTestId('equity-min')).toHaveTextContent('10 股');
    expect(within(card).getByTestId('equity-btc-share')).toHaveTextContent('50%');
    expect(within(card).getByTestId('equity-sold')).toHaveTextContent('3000 / 10000 股');
    expect(within(card).getByTestId('equity-sold-percent')).toHaveTextContent('30.00%');
    expect(within(card).getByTestId('equity-progress')).toHaveAttribute('aria-valuenow', '30');
    expect(within(card).getByTestId('equity-remaining')).toHaveTextContent('7000 股');
    expect(within(card).getByTestId('equity-open')).toHaveTextContent('认购中');
    expect(screen.getByTestId('equity-buy')).toBeEnabled();
  });

  it('is reached from the home entry and links to the share orders', async () => {
    equityServer();
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('home-entry-equity'));
    await waitFor(() => expect(router.state.location.pathname).toBe(EQUITY));
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('equity-go-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.equityOrder.path));
  });

  it('shows a failed round with a retry, then the empty state when no round is open', async () => {
    let fail = true;
    equityServer({ [`GET /app-api/${ROUND}`]: () => (fail ? failure : ok(null)) });
    renderApp(EQUITY);
    expect(await screen.findByTestId('equity-error')).toHaveTextContent('股权认购信息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('equity-empty')).toHaveTextContent('暂无开放的认购');
    expect(screen.queryByTestId('equity-buy')).not.toBeInTheDocument();
    expect(screen.getByTestId('equity-go-orders')).toBeInTheDocument();
  });

  it('is sold out when the shares left cannot cover the minimum', async () => {
    equityServer({ [`GET /app-api/${ROUND}`]: () => ok(round({ minQuantity: 10, sharesRemaining: 9 })) });
    renderApp(EQUITY);
    expect(await screen.findByTestId('equity-sold-out')).toHaveTextContent('已售罄');
    expect(screen.getByTestId('equity-buy')).toBeDisabled();
    expect(screen.getByTestId('equity-reinvest')).toBeDisabled();
  });

  it('shows a signed-out visitor the round, and sends them to sign in to buy', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = equityServer();
    const { router } = renderApp(EQUITY);
    expect(await screen.findByTestId('equity-round')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('equity-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(EQUITY);
    expect(callsTo(fetchMock, 'asset/selectAssetBalance')).toEqual([]);
  });

  it('says trading is still in development and repurchase is not yet open', async () => {
    const fetchMock = equityServer();
    renderApp(EQUITY);
    await userEvent.click(await screen.findByTestId('equity-trade'));
    expect(await screen.findByText('股权交易功能还在开发中')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('equity-repurchase'));
    expect(await screen.findByText('股份回购暂未开放')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('says the notices in English', async () => {
    equityServer();
    await changeLocale('en');
    renderApp(EQUITY);
    await userEvent.click(await screen.findByTestId('equity-trade'));
    expect(await screen.findByText('Equity trading is still in development')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('equity-repurchase'));
    expect(await screen.findByText('Share repurchase is not yet open')).toBeInTheDocument();
  });
});

describe('buy sheet', () => {
  it('starts at the minimum, steps within minimum and shares left, and totals price × quantity exactly', async () => {
    equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '12.345678' } }),
    });
    renderApp(EQUITY);
    await openBuy();
    expect(screen.getByTestId('share-buy-price')).toHaveTextContent('0.10 U');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('2');
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent(/^0\.20$/);
    expect(screen.getByTestId('share-buy-quantity-minus')).toBeDisabled();
    expect(await screen.findByTestId('share-buy-available')).toHaveTextContent('12.34 USDT');

    await dialogUser.click(screen.getByTestId('share-buy-quantity-plus'));
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('3');
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent(/^0\.30$/);
    expect(buyNote()).toBeNull();
    await dialogUser.click(screen.getByTestId('share-buy-quantity-plus'));
    await dialogUser.click(screen.getByTestId('share-buy-quantity-plus'));
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('5');
    expect(screen.getByTestId('share-buy-quantity-plus')).toBeDisabled();
    expect(buyNote()).toBe('剩余股份不足，最多可购买 5 股');
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent(/^0\.50$/);
  });

  it('explains an empty, too small, not whole or unaffordable quantity, and sends nothing', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.3' } }),
    });
    renderApp(EQUITY);
    await openBuy();
    await screen.findByText('0.30 USDT');

    const cases: [string, string][] = [
      ['', '请输入数量'],
      ['1', '购买数量不能少于 2 股'],
      ['0', '购买数量不能少于 2 股'],
      ['-5', '请输入整数数量'],
    ];
    for (const [typed, message] of cases) {
      await retype('share-buy-quantity', typed);
      await dialogUser.click(screen.getByTestId('share-buy-submit'));
      expect([typed, buyError()]).toEqual([typed, message]);
    }
    await retype('share-buy-quantity', '3');
    expect(buyError()).toBeNull();
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('refuses 1.5 while typing, as typed, and opens no confirm', async () => {
    const fetchMock = equityServer({ [`GET /app-api/${ROUND}`]: () => ok(SMALL) });
    renderApp(EQUITY);
    await openBuy();
    await retype('share-buy-quantity', '1.5');
    // Said at once, before any tap on buy; the box keeps what was typed.
    expect(buyError()).toBe('请输入整数数量');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('1.5');
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent('--');
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(buyError()).toBe('请输入整数数量');
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dialog-confirm')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('brings a quantity above the shares left down to it while typing, and says why', async () => {
    equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '1000' } }),
    });
    renderApp(EQUITY);
    await openBuy();
    await waitFor(() => expect(screen.getByTestId('share-buy-available')).toHaveTextContent('USDT'));
    await retype('share-buy-quantity', '9');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('5');
    expect(buyNote()).toBe('已将 9 改为 5 股：剩余股份不足，最多可购买 5 股');
    expect(screen.getByTestId('share-buy-quantity-plus')).toBeDisabled();
    expect(buyError()).toBeNull();
  });

  it('brings a quantity above what the balance pays down to it while typing, and says why', async () => {
    equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.3' } }),
    });
    renderApp(EQUITY);
    await openBuy();
    await screen.findByText('0.30 USDT');
    await retype('share-buy-quantity', '4');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('3');
    expect(buyNote()).toBe('已将 4 改为 3 股：余额最多可购买 3 股');
    expect(screen.getByTestId('share-buy-quantity-plus')).toBeDisabled();
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent(/^0\.30$/);
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    expect(buyError()).toBeNull();
  });

  it('says the balance is short when it does not pay for the minimum', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.1' } }),
    });
    renderApp(EQUITY);
    await openBuy();
    await screen.findByText('0.10 USDT');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('2');
    expect(buyNote()).toBe('余额不足');
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    expect(buyError()).toBe('余额不足');
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('says "Enter Quantity" in English', async () => {
    equityServer({ [`GET /app-api/${ROUND}`]: () => ok(SMALL) });
    await changeLocale('en');
    renderApp(EQUITY);
    await openBuy();
    await retype('share-buy-quantity', '');
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    expect(buyError()).toBe('Enter Quantity');
    await retype('share-buy-quantity', '1');
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    expect(buyError()).toBe('Buy at least 2 shares');
    await retype('share-buy-quantity', '1.5');
    expect(buyError()).toBe('Enter a whole number');
  });

  it('says the round has closed when it closes under an open sheet', async () => {
    let open = true;
    const fetchMock = equityServer({ [`GET /app-api/${ROUND}`]: () => ok(open ? SMALL : null) });
    const { queryClient } = renderApp(EQUITY);
    await openBuy();
    open = false;
    await queryClient.invalidateQueries({ queryKey: ['equity', 'round'] });
    await waitFor(() => expect(screen.queryByTestId('share-buy-price')).not.toBeInTheDocument());
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    expect(buyError()).toBe('当前没有开放的股权认购');
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('groups the price, total, balance, confirm and payment it shows; sends the plain quantity', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () =>
        ok(round({ pricePerShare: '1234.567891', minQuantity: 7, sharesRemaining: 100 })),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '99999' } }),
      [`POST /app-api/${BUY}`]: () => ok({ orderId: '41', payment: '8641.975237', quantity: 7 }),
    });
    renderApp(EQUITY);
    await openBuy();
    expect(screen.getByTestId('share-buy-price')).toHaveTextContent('1,234.567891 U');
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('7');
    expect(screen.getByTestId('share-buy-total')).toHaveTextContent(/^8,641\.975237$/);
    await waitFor(() => expect(screen.getByTestId('share-buy-available')).toHaveTextContent('99,999.00 USDT'));
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByTestId('share-buy-confirm-price')).toHaveTextContent('1,234.567891 U');
    expect(within(summary).getByTestId('share-buy-confirm-total')).toHaveTextContent('8,641.975237 USDT');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    const success = await screen.findByTestId('share-buy-success');
    expect(within(success).getByTestId('share-buy-success-payment')).toHaveTextContent('8,641.975237 USDT');
    expect(callsTo(fetchMock, BUY).map((call) => call.body)).toEqual([{ quantity: 7 }]);
  });

  it('asks "确认购买？"; cancelling sends nothing', async () => {
    const fetchMock = equityServer({ [`GET /app-api/${ROUND}`]: () => ok(SMALL) });
    renderApp(EQUITY);
    await openBuy();
    await dialogUser.click(screen.getByTestId('share-buy-quantity-plus'));
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByRole('heading')).toHaveTextContent('确认购买？');
    expect(within(summary).getByTestId('share-buy-confirm-quantity')).toHaveTextContent('3 股');
    expect(within(summary).getByTestId('share-buy-confirm-price')).toHaveTextContent('0.10 U');
    expect(within(summary).getByTestId('share-buy-confirm-total')).toHaveTextContent('0.30 USDT');
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, BUY)).toEqual([]);
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('3');
  });

  it('buys with an Idempotency-Key, shows the success text, refreshes the round and balance, and opens the orders', async () => {
    let left = 5;
    let usdt = '1000';
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok({ ...SMALL, sharesRemaining: left }),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: usdt } }),
      [`POST /app-api/${BUY}`]: () => {
        left -= 3;
        usdt = '999.7';
        return ok({ orderId: '41', payment: '0.3', quantity: 3 });
      },
    });
    const { router } = renderApp(EQUITY);
    await openBuy();
    await retype('share-buy-quantity', '3');
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));

    const success = await screen.findByTestId('share-buy-success');
    expect(within(success).getByTestId('share-buy-success-message')).toHaveTextContent(
      '购买股权成功，请在股权订单中查看',
    );
    expect(within(success).getByTestId('share-buy-success-quantity')).toHaveTextContent('3 股');
    expect(within(success).getByTestId('share-buy-success-payment')).toHaveTextContent('0.30 USDT');
    const [sent, ...more] = callsTo(fetchMock, BUY);
    expect(more).toEqual([]);
    expect(sent?.body).toEqual({ quantity: 3 });
    expect(headersOf(sent!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(screen.getByTestId('equity-remaining')).toHaveTextContent('2 股'));
    await waitFor(() => expect(callsTo(fetchMock, 'asset/selectAssetBalance').length).toBeGreaterThan(1));

    await dialogUser.click(screen.getByTestId('share-buy-success-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.equityOrder.path));
  });

  it('starts afresh after a purchase when opened again', async () => {
    equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      [`POST /app-api/${BUY}`]: () => ok({ orderId: '41', payment: '0.2', quantity: 2 }),
    });
    renderApp(EQUITY);
    await openBuy();
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    await dialogUser.click(await screen.findByTestId('share-buy-success-done'));
    await waitFor(() => expect(screen.queryByTestId('share-buy-success')).not.toBeInTheDocument(), { timeout: 3000 });
    await openBuy();
    expect(screen.getByTestId('share-buy-quantity')).toHaveValue('2');
  });

  it('says 支付中... while paying', async () => {
    const fetchMock = equityServer({ [`GET /app-api/${ROUND}`]: () => ok(SMALL) });
    const answer = fetchMock.getMockImplementation()!;
    // The purchase never answers: the loading toast stays.
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith(BUY) ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    renderApp(EQUITY);
    await openBuy();
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('支付中...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('share-buy-submit')).toHaveClass('adm-button-loading'));
  });

  it("keeps the sheet open with the server's refusal, and reloads the round when shares ran out", async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      [`POST /app-api/${BUY}`]: () => ({ body: { code: 1031, msg: '剩余股份不足', data: null } }),
    });
    renderApp(EQUITY);
    await openBuy();
    const asked = callsTo(fetchMock, ROUND).length;
    await dialogUser.click(screen.getByTestId('share-buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('剩余股份不足')).toBeInTheDocument();
    expect(screen.getByTestId('share-buy-form')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, ROUND).length).toBeGreaterThan(asked));
  });

  it('buys once on a double tap: one confirm, one payment', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(SMALL),
      [`POST /app-api/${BUY}`]: () => ok({ orderId: '41', payment: '0.2', quantity: 2 }),
    });
    renderApp(EQUITY);
    await openBuy();
    await doubleTap(screen.getByTestId('share-buy-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByTestId('share-buy-success')).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, BUY).map((call) => call.body)).toEqual([{ quantity: 2 }]);
  });
});

describe('reinvest sheet', () => {
  it('shows the USDT earnings, and the whole shares an amount buys with the rest left in earnings', async () => {
    equityServer({ 'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer('512.345678') });
    renderApp(EQUITY);
    await openReinvest();
    expect(await screen.findByTestId('reinvest-earnings')).toHaveTextContent('512.34 USDT');
    expect(screen.getByTestId('reinvest-price')).toHaveTextContent('100.00 U');
    expect(screen.getByTestId('reinvest-minimum')).toHaveTextContent('100.00 USDT');
    expect(screen.getByTestId('reinvest-shares')).toHaveTextContent('--');

    await retype('reinvest-amount', '350.5');
    expect(screen.getByTestId('reinvest-shares')).toHaveTextContent('3 股');
    expect(screen.getByTestId('reinvest-cost')).toHaveTextContent('300.00 USDT');
    expect(screen.getByTestId('reinvest-rest')).toHaveTextContent('50.50 USDT');

    // "All" takes the earnings down to the 2 decimals a member may enter, so it is never refused.
    await dialogUser.click(screen.getByTestId('reinvest-all'));
    expect(screen.getByTestId('reinvest-amount')).toHaveValue('512.34');
    expect(screen.queryByTestId('reinvest-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('reinvest-shares')).toHaveTextContent('5 股');
    expect(screen.getByTestId('reinvest-rest')).toHaveTextContent('12.34 USDT');
  });

  it('previews no money that is not there: with 0.00 earnings a typed amount buys nothing and leaves nothing', async () => {
    equityServer({ 'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer('0') });
    renderApp(EQUITY);
    await openReinvest();
    expect(await screen.findByTestId('reinvest-earnings')).toHaveTextContent('0.00 USDT');
    await retype('reinvest-amount', '1');
    for (const id of ['reinvest-shares', 'reinvest-cost', 'reinvest-rest']) {
      expect(screen.getByTestId(id)).toHaveTextContent('--');
    }
    expect(screen.queryByText('1.00 USDT')).toBeNull();
  });

  it('explains an empty, invalid, too small or too large amount, and sends nothing', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(round({ sharesRemaining: 4, minReinvestU: '150' })),
      'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer('600'),
    });
    renderApp(EQUITY);
    await openReinvest();
    await screen.findByText('600.00 USDT');

    const cases: [string, string][] = [
      ['', '请输入USDT金额'],
      // Letters never get in: the box stays empty.
      ['abc', '请输入USDT金额'],
      ['150.', '无效金额'],
      ['0', '金额必须大于0'],
      ['149.99', '复投金额不能少于 150.00 USDT'],
      ['600.01', '超过可复投收益'],
      ['500', '剩余股份不足，最多可购买 4 股'],
    ];
    for (const [typed, message] of cases) {
      await retype('reinvest-amount', typed);
      await dialogUser.click(screen.getByTestId('reinvest-submit'));
      expect([typed, reinvestError()]).toEqual([typed, message]);
    }
    await retype('reinvest-amount', '450');
    expect(reinvestError()).toBeNull();
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, REINVEST)).toEqual([]);
  });

  it('says "Enter USDT Amount" in English', async () => {
    equityServer();
    await changeLocale('en');
    renderApp(EQUITY);
    await openReinvest();
    await dialogUser.click(screen.getByTestId('reinvest-submit'));
    expect(reinvestError()).toBe('Enter USDT Amount');
  });

  it('reinvests after confirming, with an Idempotency-Key, and shows the shares bought', async () => {
    let earnings = '500';
    const fetchMock = equityServer({
      'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer(earnings),
      [`POST /app-api/${REINVEST}`]: () => {
        earnings = '150.5';
        return ok({ orderId: '42', quantity: 3, payment: '300' });
      },
    });
    renderApp(EQUITY);
    await openReinvest();
    await screen.findByText('500.00 USDT');
    await retype('reinvest-amount', '350.50');
    await dialogUser.click(screen.getByTestId('reinvest-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByRole('heading')).toHaveTextContent('确认复投？');
    expect(within(summary).getByTestId('reinvest-confirm-quantity')).toHaveTextContent('3 股');
    expect(within(summary).getByTestId('reinvest-confirm-payment')).toHaveTextContent('300.00 USDT');
    expect(within(summary).getByTestId('reinvest-confirm-rest')).toHaveTextContent('50.50 USDT');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));

    const success = await screen.findByTestId('reinvest-success');
    expect(within(success).getByTestId('reinvest-success-message')).toHaveTextContent(
      '复投成功，已购入 3 股，请在股权订单中查看',
    );
    expect(within(success).getByTestId('reinvest-success-payment')).toHaveTextContent('300.00 USDT');
    expect(within(success).getByTestId('reinvest-success-rest')).toHaveTextContent('50.50 USDT');
    const [sent, ...more] = callsTo(fetchMock, REINVEST);
    expect(more).toEqual([]);
    // The canonical amount: a retry sends the same body.
    expect(sent?.body).toEqual({ amount: '350.5' });
    expect(headersOf(sent!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(callsTo(fetchMock, 'biz/biz-user/get/earnings').length).toBeGreaterThan(1));
  });

  it('groups the earnings, terms, plan, minimum, confirm and outcome it shows; sends the plain amount', async () => {
    const fetchMock = equityServer({
      [`GET /app-api/${ROUND}`]: () => ok(round({ pricePerShare: '1000', minReinvestU: '1500' })),
      'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer('12345.678'),
      [`POST /app-api/${REINVEST}`]: () => ok({ orderId: '42', quantity: 12, payment: '12000' }),
    });
    renderApp(EQUITY);
    await openReinvest();
    expect(await screen.findByTestId('reinvest-earnings')).toHaveTextContent('12,345.67 USDT');
    expect(screen.getByTestId('reinvest-price')).toHaveTextContent('1,000.00 U');
    expect(screen.getByTestId('reinvest-minimum')).toHaveTextContent('1,500.00 USDT');
    await retype('reinvest-amount', '1499');
    await dialogUser.click(screen.getByTestId('reinvest-submit'));
    expect(reinvestError()).toBe('复投金额不能少于 1,500.00 USDT');

    await retype('reinvest-amount', '12345.67');
    expect(screen.getByTestId('reinvest-shares')).toHaveTextContent('12 股');
    expect(screen.getByTestId('reinvest-cost')).toHaveTextContent('12,000.00 USDT');
    expect(screen.getByTestId('reinvest-rest')).toHaveTextContent('345.67 USDT');
    await dialogUser.click(screen.getByTestId('reinvest-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByTestId('reinvest-confirm-payment')).toHaveTextContent('12,000.00 USDT');
    expect(within(summary).getByTestId('reinvest-confirm-rest')).toHaveTextContent('345.67 USDT');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    const success = await screen.findByTestId('reinvest-success');
    expect(within(success).getByTestId('reinvest-success-payment')).toHaveTextContent('12,000.00 USDT');
    expect(callsTo(fetchMock, REINVEST).map((call) => call.body)).toEqual([{ amount: '12345.67' }]);
  });

  it('reinvests once on a double tap: one confirm, one call', async () => {
    const fetchMock = equityServer({
      [`POST /app-api/${REINVEST}`]: () => ok({ orderId: '42', quantity: 3, payment: '300' }),
    });
    renderApp(EQUITY);
    await openReinvest();
    await screen.findByText('500.00 USDT');
    await retype('reinvest-amount', '350.50');
    await doubleTap(screen.getByTestId('reinvest-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByTestId('reinvest-success')).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, REINVEST).map((call) => call.body)).toEqual([{ amount: '350.5' }]);
  });
});
