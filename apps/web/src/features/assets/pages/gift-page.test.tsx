import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import {
  balancesAnswer,
  CONFIG,
  DEMO_BALANCES,
  dialogUser,
  headersOf,
  IDEMPOTENCY_KEY,
  networkFailure,
  OWN_ID,
  signIn,
  USER,
} from '@/test/fixtures/money';
import { mockServer, ok, renderApp } from '@/test/render-app';

const RECEIVER = { id: '100005', address: '0x70997...79C8' };
type Answer = { status?: number; body: unknown };

function server(options: { send?: (body: unknown) => Answer; afterSend?: typeof DEMO_BALANCES } = {}) {
  const sent: { body: unknown; key: string }[] = [];
  let balances = DEMO_BALANCES;
  const fetchMock = mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(balances),
    'GET /app-api/asset/receiver': ({ url }) =>
      url.searchParams.get('userId') === RECEIVER.id
        ? ok(RECEIVER)
        : { status: 404, body: { code: 1012, data: null, msg: '接收人不存在，请检查ID' } },
    'POST /app-api/asset/send': ({ body, init }) => {
      sent.push({ body, key: headersOf(init)['Idempotency-Key'] ?? '' });
      const answer = options.send?.(body) ?? ok({ transferId: String(sent.length) });
      if ((answer.body as { code?: number }).code === 0 && options.afterSend) balances = options.afterSend;
      return answer;
    },
  });
  return { fetchMock, sent };
}

async function fill(receiver: string, amount: string, asset: 'GOLD' | 'USDT' = 'USDT') {
  const receiverInput = await screen.findByTestId('gift-receiver-input');
  await userEvent.clear(receiverInput);
  if (receiver) await userEvent.type(receiverInput, receiver);
  await userEvent.click(screen.getByTestId(`gift-asset-${asset}`));
  const amountInput = screen.getByTestId('gift-amount-input');
  await userEvent.clear(amountInput);
  if (amount) await userEvent.type(amountInput, amount);
  await userEvent.click(screen.getByTestId('gift-submit'));
}

/** The prompts a test confirmed: a closed one may stay in the document (jsdom ends few exit animations) or not. */
const confirmed = new Set<HTMLElement>();

/** Confirms the prompt just opened. */
async function confirmPrompt() {
  const prompt = await waitFor(() => {
    const fresh = screen.queryAllByTestId('dialog-confirm').find((button) => !confirmed.has(button));
    expect(fresh).toBeDefined();
    return fresh!;
  });
  confirmed.add(prompt);
  await dialogUser.click(prompt);
}

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent ?? null;

beforeEach(() => {
  resetNavigationThrottle();
  signIn();
  confirmed.clear();
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('gift', () => {
  it('explains every invalid receiver ID and amount, and sends nothing', async () => {
    const { sent } = server();
    renderApp(paths.transform.path);
    expect(await screen.findByTestId('gift-available')).toHaveTextContent('5,000.00');
    expect(screen.getByTestId('gift-receiver-input')).toHaveAttribute('placeholder', '请输入受赠人ID');

    await fill('', '');
    expect(errorOf('gift-receiver-input')).toBe('请输入受赠人ID');
    expect(errorOf('gift-amount-input')).toBe('请输入数量');

    // What the amount field kept of each keystroke: letters, signs and a third decimal never get in.
    const cases: [string, string, 'GOLD' | 'USDT', string, string | null, string | null][] = [
      ['abc', '1', 'USDT', '1', '请输入正确的会员ID', null],
      [OWN_ID, '1', 'USDT', '1', '不能赠送给自己', null],
      [RECEIVER.id, 'abc', 'USDT', '', null, '请输入数量'],
      [RECEIVER.id, '-0e', 'USDT', '0', null, '金额必须大于0'],
      [RECEIVER.id, '1.', 'USDT', '1.', null, '无效金额'],
      [RECEIVER.id, '0', 'USDT', '0', null, '金额必须大于0'],
      [RECEIVER.id, '0.001', 'GOLD', '0.00', null, '金额必须大于0'],
      [RECEIVER.id, '5000.011', 'GOLD', '5000.01', null, '余额不足'],
      [RECEIVER.id, '1000.01', 'USDT', '1000.01', null, '余额不足'],
      [RECEIVER.id, '5000.01', 'GOLD', '5000.01', null, '余额不足'],
    ];
    for (const [receiver, amount, asset, kept, receiverError, amountError] of cases) {
      await fill(receiver, amount, asset);
      expect([
        receiver,
        amount,
        screen.getByTestId('gift-amount-input').getAttribute('value'),
        errorOf('gift-receiver-input'),
        errorOf('gift-amount-input'),
      ]).toEqual([receiver, amount, kept, receiverError, amountError]);
    }
    expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says "Enter ID for gift receiver" and "Invalid Amount" in English', async () => {
    server();
    await changeLocale('en');
    renderApp(paths.transform.path);
    await fill('', '5.');
    expect(errorOf('gift-receiver-input')).toBe('Enter ID for gift receiver');
    expect(errorOf('gift-amount-input')).toBe('Invalid Amount');
  });

  it('shows an unknown receiver next to the field, without a confirm', async () => {
    const { sent } = server();
    renderApp(paths.transform.path);
    await fill('999999', '1');
    await waitFor(() => expect(errorOf('gift-receiver-input')).toBe('接收人不存在，请检查ID'));
    expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('gift-receiver-input'), '1');
    expect(errorOf('gift-receiver-input')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("confirms the receiver's ID, shortened address and amount; cancelling sends nothing", async () => {
    const { sent } = server();
    renderApp(paths.transform.path);
    await fill(RECEIVER.id, '1234.5', 'GOLD');
    const summary = await screen.findByTestId('confirm-summary');
    expect(within(summary).getByText('确认赠送')).toBeInTheDocument();
    expect(within(summary).getByTestId('gift-confirm-receiver')).toHaveTextContent('100005');
    expect(within(summary).getByTestId('gift-confirm-address')).toHaveTextContent('0x70997...79C8');
    expect(within(summary).getByTestId('gift-confirm-amount')).toHaveTextContent('1,234.50 金币');
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(screen.getByTestId('gift-amount-input')).toHaveValue('1234.5');
  });

  it('sends the gift with an Idempotency-Key, then toasts, resets the form and refreshes the balance', async () => {
    const { sent } = server({ afterSend: { ...DEMO_BALANCES, GOLD: { available: '4999.99' } } });
    renderApp(paths.transform.path);
    await fill(RECEIVER.id, '0.01', 'GOLD');
    expect(await screen.findByTestId('gift-confirm-amount')).toHaveTextContent('0.01 金币');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    expect(await screen.findByText('赠送成功')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { toUserId: '100005', asset: 'GOLD', amount: '0.01' }, key: expect.any(String) }]);
    expect(sent[0]?.key).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(screen.getByTestId('gift-available')).toHaveTextContent('4,999.99'));
    expect(screen.getByTestId('gift-receiver-input')).toHaveValue('');
    expect(screen.getByTestId('gift-amount-input')).toHaveValue('');
    expect(errorOf('gift-receiver-input')).toBeNull();
  });

  it('retries a gift that got no answer with the same key; the next gift gets a new one', async () => {
    let attempts = 0;
    const { sent } = server({
      send: () => {
        attempts += 1;
        return attempts === 1 ? networkFailure() : ok({ transferId: String(attempts) });
      },
    });
    renderApp(paths.transform.path);
    await fill(RECEIVER.id, '3');
    await confirmPrompt();
    expect(await screen.findByText('网络错误，换个网络试试')).toBeInTheDocument();
    // The form keeps what was typed: the member taps send again.
    expect(screen.getByTestId('gift-amount-input')).toHaveValue('3');
    await waitFor(() => expect(screen.getByTestId('gift-submit')).not.toHaveClass('adm-button-loading'));
    await userEvent.click(screen.getByTestId('gift-submit'));
    await confirmPrompt();
    expect(await screen.findByText('赠送成功')).toBeInTheDocument();

    await fill(RECEIVER.id, '3');
    await confirmPrompt();
    await waitFor(() => expect(sent).toHaveLength(3), { timeout: 10_000 });
    const [first, retry, next] = sent.map((call) => call.key);
    expect(first).toMatch(IDEMPOTENCY_KEY);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(sent.map((call) => call.body)).toEqual(Array(3).fill({ toUserId: '100005', asset: 'USDT', amount: '3' }));
    // Three typed gifts and three prompts: on 2 busy cores this flow alone takes several seconds.
  }, 25_000);

  it("shows the server's refusal and keeps the form", async () => {
    server({ send: () => ({ body: { code: 1010, data: null, msg: '余额不足' } }) });
    renderApp(paths.transform.path);
    await fill(RECEIVER.id, '5');
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('余额不足')).toBeInTheDocument();
    expect(screen.getByTestId('gift-amount-input')).toHaveValue('5');
  });

  it('offers only the assets of limits.transferAssets, and fills in the whole balance on 全部', async () => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () =>
        ok({ ...CONFIG, limits: { ...CONFIG.limits, transferAssets: 'USDT' } }),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '12.345678' } }),
    });
    renderApp(paths.transform.path);
    const picker = await screen.findByTestId('gift-asset');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['USDT']);
    expect(screen.getByTestId('gift-available')).toHaveTextContent('12.34');
    // The whole balance a member can enter: down to 2 decimals, so the gift is not refused.
    await userEvent.click(screen.getByTestId('gift-amount-all'));
    expect(screen.getByTestId('gift-amount-input')).toHaveValue('12.34');
    await userEvent.click(screen.getByTestId('gift-submit'));
    expect(screen.queryByTestId('gift-amount-input-error')).not.toBeInTheDocument();
  });

  it('shows a retry when the balances fail to load', async () => {
    let fail = true;
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
      'GET /app-api/asset/selectAssetBalance': () =>
        fail
          ? { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } }
          : balancesAnswer(DEMO_BALANCES),
    });
    renderApp(paths.transform.path);
    expect(await screen.findByTestId('gift-load-error')).toHaveTextContent('加载失败，请重试');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('gift-form')).toBeInTheDocument();
  });

  it('gives once on a double tap: one lookup, one confirm, one call', async () => {
    const { fetchMock, sent } = server();
    renderApp(paths.transform.path);
    await userEvent.type(await screen.findByTestId('gift-receiver-input'), RECEIVER.id);
    await userEvent.type(screen.getByTestId('gift-amount-input'), '3');
    await doubleTap(screen.getByTestId('gift-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByText('赠送成功')).toBeInTheDocument();
    await pause();
    expect(sent.map((call) => call.body)).toEqual([{ toUserId: RECEIVER.id, asset: 'GOLD', amount: '3' }]);
    const lookups = fetchMock.mock.calls.filter(([url]) => String(url).includes('/asset/receiver'));
    expect(lookups).toHaveLength(1);
  });
});
