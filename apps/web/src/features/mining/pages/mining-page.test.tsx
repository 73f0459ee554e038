import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import { balancesAnswer, DEMO_BALANCES, dialogUser, headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { callsTo, failure, miningServer, page, product } from '../testing/mining-fixtures';

const SHOP = paths.second.path;
const BUY = 'user_mining_machines/clickBuy';

/** A product that sells 2 at least and has 5 left, at 0.1 USDT: 0.1 × 3 must read 0.30, not 0.30000000000000004. */
const SMALL = product('7', { name: 'Mini miner', price: '0.1', minQuantity: 2, stock: 5, hashRate: '1' });

async function openSheet(productId: string) {
  await userEvent.click(await screen.findByTestId(`miner-buy-${productId}`));
  return screen.findByTestId('buy-form');
}

async function typeQuantity(text: string) {
  const input = screen.getByTestId('buy-quantity');
  await dialogUser.clear(input);
  if (text) await dialogUser.type(input, text);
}

const errorText = () => screen.queryByTestId('buy-error')?.textContent ?? null;
const noteText = () => screen.queryByTestId('buy-quantity-note')?.textContent ?? null;

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

describe('miner shop', () => {
  it('shows the banners, the network hash rate, the burned hash rate and every product', async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () =>
        page([
          product('1', { name: 'Antminer S19', hashRate: '95.5', price: '1999.999', durationDays: 360, stock: 42 }),
          product('2', { name: 'Antminer S9', stock: 0 }),
        ]),
    });
    renderApp(SHOP);
    expect(await screen.findByTestId('miner-banners')).toBeInTheDocument();
    expect(screen.getByTestId('miner-banner-m1').querySelector('img')).toHaveAttribute('src', '/banners/mining.svg');
    expect(await screen.findByTestId('pool-total-hash-rate')).toHaveTextContent('12345.67');
    expect(screen.getByTestId('pool-burned-hash-rate')).toHaveTextContent('649.77');
    expect(screen.getByTestId('pool-power')).toHaveTextContent('黑洞销毁');

    const card = await screen.findByTestId('miner-product-1');
    expect(within(card).getByRole('heading')).toHaveTextContent('Antminer S19');
    expect(within(card).getByTestId('miner-product-hash-rate')).toHaveTextContent('95.50');
    // Truncated, never rounded.
    expect(within(card).getByTestId('miner-product-price')).toHaveTextContent('1,999.99 U');
    expect(within(card).getByTestId('miner-product-days')).toHaveTextContent('360 天');
    expect(within(card).getByTestId('miner-product-stock')).toHaveTextContent('42 台');
    expect(within(card).getByTestId('miner-product-daily-output')).toHaveTextContent('0.00012345 BTC');
    expect(within(card).getByTestId('miner-buy-1')).toBeEnabled();

    const soldOut = screen.getByTestId('miner-product-2');
    expect(within(soldOut).getByTestId('miner-product-sold-out')).toHaveTextContent('已售罄');
    expect(within(soldOut).getByTestId('miner-buy-2')).toBeDisabled();
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
  });

  it("labels each estimate by its basis: the fixed rate, a settled network day's, or none yet", async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () =>
        page([
          product('1', { dailyOutputBtc: '0.00012345', dailyOutputBasis: { output: 'fixed', day: null } }),
          product('2', { dailyOutputBtc: '0.00004769', dailyOutputBasis: { output: 'network', day: '2024-05-30' } }),
          product('3', { dailyOutputBtc: '0', dailyOutputBasis: { output: 'network', day: null } }),
        ]),
    });
    renderApp(SHOP);
    const fixed = within(await screen.findByTestId('miner-product-1')).getByTestId('miner-product-daily-output');
    expect(fixed).toHaveTextContent(/^0\.00012345 BTC$/);
    const network = within(screen.getByTestId('miner-product-2')).getByTestId('miner-product-daily-output');
    expect(network).toHaveTextContent('0.00004769 BTC按 2024-05-30 的网络费率');
    // No settled network day: no 0 figure, but why there is none.
    const none = within(screen.getByTestId('miner-product-3')).getByTestId('miner-product-daily-output');
    expect(none).toHaveTextContent(/^尚无已结算的日子$/);
  });

  it('shows an empty catalogue, and a failed one with a retry', async () => {
    let fail = true;
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => (fail ? failure : page([])),
    });
    renderApp(SHOP);
    expect(await screen.findByTestId('miner-products-error')).toHaveTextContent('矿机列表加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('miner-products-empty')).toHaveTextContent('暂无在售矿机');
  });

  it('sends a signed-out visitor who taps buy to sign in, and back here after', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = miningServer();
    const { router } = renderApp(SHOP);
    await userEvent.click(await screen.findByTestId('miner-buy-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(SHOP);
    expect(callsTo(fetchMock, 'asset/selectAssetBalance')).toEqual([]);
  });

  it('opens my miners and the hash rate page', async () => {
    miningServer({ 'POST /app-api/powerOrder': () => ok({ list: [], total: 0, own: '0', bonus: '0' }) });
    const { router } = renderApp(SHOP);
    await userEvent.click(await screen.findByTestId('mining-go-my-miners'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.mineList.path));
    await router.navigate(SHOP);
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('mining-go-hash-rate'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.power.path));
  });
});

describe('buy sheet', () => {
  it('starts at the minimum, steps within minimum and stock, and totals price × quantity exactly', async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '12.345678' } }),
    });
    renderApp(SHOP);
    await openSheet('7');
    expect(screen.getByTestId('buy-product-name')).toHaveTextContent('Mini miner');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('2');
    expect(screen.getByTestId('buy-total')).toHaveTextContent('0.20');
    expect(screen.getByTestId('buy-quantity-minus')).toBeDisabled();
    expect(await screen.findByTestId('buy-available')).toHaveTextContent('12.34 USDT');
    expect(screen.getByTestId('buy-burn-note')).toHaveTextContent('5%');
    expect(screen.getByTestId('buy-burn-note')).toHaveTextContent('95.00 TH/s');

    await dialogUser.click(screen.getByTestId('buy-quantity-plus'));
    expect(screen.getByTestId('buy-quantity')).toHaveValue('3');
    expect(screen.getByTestId('buy-total')).toHaveTextContent(/^0\.30$/);
    expect(noteText()).toBeNull();
    await dialogUser.click(screen.getByTestId('buy-quantity-plus'));
    await dialogUser.click(screen.getByTestId('buy-quantity-plus'));
    expect(screen.getByTestId('buy-quantity')).toHaveValue('5');
    expect(screen.getByTestId('buy-quantity-plus')).toBeDisabled();
    expect(noteText()).toBe('库存不足，最多可购买 5 台');
    expect(screen.getByTestId('buy-total')).toHaveTextContent(/^0\.50$/);
  });

  it('keeps every digit of the total, and groups the amounts it shows', async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () =>
        page([product('8', { price: '1234.567891', stock: 100 })]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '99999' } }),
    });
    renderApp(SHOP);
    const form = await openSheet('8');
    expect(within(form).getByText(/1,234\.56 U/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('buy-available')).toHaveTextContent('99,999.00 USDT'));
    await typeQuantity('7');
    expect(screen.getByTestId('buy-total')).toHaveTextContent(/^8,641\.975237$/);
    expect(screen.getByTestId('buy-quantity')).toHaveValue('7');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByTestId('buy-confirm-total')).toHaveTextContent('8,641.975237 USDT');
  });

  it('explains an empty, too small, not whole or unaffordable quantity, and sends nothing', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.3' } }),
    });
    renderApp(SHOP);
    await openSheet('7');
    await screen.findByText('0.30 USDT');

    const cases: [string, string][] = [
      ['', '请输入数量'],
      ['1', '购买数量不能少于 2 台'],
      ['0', '购买数量不能少于 2 台'],
      ['a2b', '请输入整数数量'],
    ];
    for (const [typed, message] of cases) {
      await typeQuantity(typed);
      await dialogUser.click(screen.getByTestId('buy-submit'));
      expect([typed, errorText()]).toEqual([typed, message]);
    }
    // Letters are refused, never stripped.
    expect(screen.getByTestId('buy-quantity')).toHaveValue('a2b');
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('refuses 1.5, -5 and 1e3 while typing, as typed, and opens no confirm', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
    });
    renderApp(SHOP);
    await openSheet('7');
    for (const typed of ['1.5', '-5', '1e3']) {
      await typeQuantity(typed);
      // Said at once, before any tap on buy; the box keeps what was typed.
      expect([typed, errorText()]).toEqual([typed, '请输入整数数量']);
      expect(screen.getByTestId('buy-quantity')).toHaveValue(typed);
      expect(screen.getByTestId('buy-quantity')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByTestId('buy-total')).toHaveTextContent('--');
    }
    await typeQuantity('1.5');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorText()).toBe('请输入整数数量');
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dialog-confirm')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, BUY)).toEqual([]);
    // A whole number clears it.
    await typeQuantity('3');
    expect(errorText()).toBeNull();
  });

  it('brings a quantity above the stock down to it while typing, and says why', async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '1000' } }),
    });
    renderApp(SHOP);
    await openSheet('7');
    await waitFor(() => expect(screen.getByTestId('buy-available')).toHaveTextContent('USDT'));
    await typeQuantity('9');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('5');
    // What was typed is named: the box never changes in silence, and in the miners' unit (台).
    expect(noteText()).toBe('已将 9 改为 5 台：库存不足，最多可购买 5 台');
    expect(screen.getByTestId('buy-quantity-plus')).toBeDisabled();
    expect(screen.getByTestId('buy-total')).toHaveTextContent(/^0\.50$/);
    expect(errorText()).toBeNull();
    await typeQuantity('4');
    expect(noteText()).toBeNull();
  });

  it('brings a quantity above what the balance pays down to it while typing, and says why', async () => {
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.3' } }),
    });
    await changeLocale('en');
    renderApp(SHOP);
    await openSheet('7');
    await screen.findByText('0.30 USDT');
    await typeQuantity('4');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('3');
    expect(noteText()).toBe('Changed 4 to 3 units. Your balance pays for at most 3 units');
    expect(screen.getByTestId('buy-quantity-plus')).toBeDisabled();
    expect(screen.getByTestId('buy-total')).toHaveTextContent(/^0\.30$/);
    await dialogUser.click(screen.getByTestId('buy-submit'));
    expect(errorText()).toBeNull();
  });

  it('says the balance is short when it does not pay for the minimum, without going below it', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '0.1' } }),
    });
    renderApp(SHOP);
    await openSheet('7');
    await screen.findByText('0.10 USDT');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('2');
    expect(noteText()).toBe('余额不足');
    // Only the stock limits it.
    await typeQuantity('9');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('5');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    expect(errorText()).toBe('余额不足');
    expect(callsTo(fetchMock, BUY)).toEqual([]);
  });

  it('says "Enter Quantity" and "Select a miner first" in English', async () => {
    let listed = true;
    miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page(listed ? [SMALL] : []),
    });
    await changeLocale('en');
    const { queryClient } = renderApp(SHOP);
    await openSheet('7');
    await typeQuantity('');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    expect(errorText()).toBe('Enter Quantity');

    // The miner leaves the catalogue while the sheet is open.
    listed = false;
    await queryClient.invalidateQueries({ queryKey: ['mining', 'products'] });
    await waitFor(() => expect(screen.queryByTestId('buy-product-name')).not.toBeInTheDocument());
    await typeQuantity('3');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    expect(errorText()).toBe('Select a miner first');
  });

  it('asks "确认购买？"; cancelling sends nothing', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
    });
    renderApp(SHOP);
    await openSheet('7');
    await dialogUser.click(screen.getByTestId('buy-quantity-plus'));
    await dialogUser.click(screen.getByTestId('buy-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByRole('heading')).toHaveTextContent('确认购买？');
    expect(within(summary).getByTestId('buy-confirm-name')).toHaveTextContent('Mini miner');
    expect(within(summary).getByTestId('buy-confirm-quantity')).toHaveTextContent('3 台');
    expect(within(summary).getByTestId('buy-confirm-total')).toHaveTextContent('0.30 USDT');
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, BUY)).toEqual([]);
    expect(screen.getByTestId('buy-quantity')).toHaveValue('3');
  });

  it('buys with an Idempotency-Key, toasts, closes the sheet and refreshes stock, balance and miners', async () => {
    let stock = 5;
    let usdt = '1000';
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([{ ...SMALL, stock }]),
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, USDT: { available: usdt } }),
      [`POST /app-api/${BUY}`]: () => {
        stock -= 3;
        usdt = '999.7';
        return ok({ orderId: '31', hashRate: '2.85', burnedHashRate: '0.15', paid: '0.3' });
      },
    });
    renderApp(SHOP);
    await openSheet('7');
    await typeQuantity('3');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));

    expect(await screen.findByText('购买成功，新增算力 2.85 TH/s')).toBeInTheDocument();
    const [sent, ...more] = callsTo(fetchMock, BUY);
    expect(more).toEqual([]);
    expect(sent?.body).toEqual({ productId: '7', quantity: 3 });
    expect(headersOf(sent!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(screen.getByTestId('miner-product-stock')).toHaveTextContent('2 台'));
    await waitFor(() => expect(callsTo(fetchMock, 'asset/selectAssetBalance').length).toBeGreaterThan(1));
    // The sheet slides away and lets go of its form.
    await waitFor(() => expect(screen.queryByTestId('buy-form')).not.toBeInTheDocument(), { timeout: 3000 });

    // The next opening starts afresh and shows the new balance.
    await waitFor(() => expect(screen.getByTestId('miner-buy-7')).toBeEnabled());
    await openSheet('7');
    expect(screen.getByTestId('buy-quantity')).toHaveValue('2');
    await waitFor(() => expect(screen.getByTestId('buy-available')).toHaveTextContent('999.70 USDT'));
  });

  it('says 支付中... while paying', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
    });
    const answer = fetchMock.getMockImplementation()!;
    // The purchase never answers: the loading toast stays.
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith(BUY) ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    renderApp(SHOP);
    await openSheet('7');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('支付中...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('buy-submit')).toHaveClass('adm-button-loading'));
  });

  it("keeps the sheet open with the server's refusal, and reloads the catalogue when sold out", async () => {
    let refusal = { code: 1010, msg: '余额不足' };
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      [`POST /app-api/${BUY}`]: () => ({ body: { ...refusal, data: null } }),
    });
    renderApp(SHOP);
    await openSheet('7');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('余额不足')).toBeInTheDocument();
    expect(screen.getByTestId('buy-form')).toBeInTheDocument();
    const listed = callsTo(fetchMock, 'user_mining_machines/miningMachineList').length;

    refusal = { code: 1023, msg: '库存不足，已售罄' };
    await waitFor(() => expect(screen.getByTestId('buy-submit')).not.toHaveClass('adm-button-loading'));
    // The first confirm may still be in the page, closing, or gone: the second is the new one.
    const closing = screen.queryAllByTestId('dialog-confirm');
    await dialogUser.click(screen.getByTestId('buy-submit'));
    const second = await waitFor(() => {
      const fresh = screen.getAllByTestId('dialog-confirm').filter((button) => !closing.includes(button));
      expect(fresh).toHaveLength(1);
      return fresh[0]!;
    });
    await dialogUser.click(second);
    expect(await screen.findByText('库存不足，已售罄')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'user_mining_machines/miningMachineList').length).toBeGreaterThan(listed),
    );
    const keys = callsTo(fetchMock, BUY).map((call) => headersOf(call.init)['Idempotency-Key']);
    // Each answered attempt is its own action.
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('buys once on a double tap: one confirm, one payment', async () => {
    const fetchMock = miningServer({
      'POST /app-api/user_mining_machines/miningMachineList': () => page([SMALL]),
      [`POST /app-api/${BUY}`]: () => ok({ orderId: '31', hashRate: '1.9', burnedHashRate: '0.1', paid: '0.2' }),
    });
    renderApp(SHOP);
    await openSheet('7');
    await doubleTap(screen.getByTestId('buy-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByText(/^购买成功，新增算力/)).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, BUY).map((call) => call.body)).toEqual([{ productId: '7', quantity: 2 }]);
  });
});
