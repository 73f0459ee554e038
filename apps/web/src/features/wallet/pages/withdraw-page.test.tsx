import { API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { callsTo, failure } from '@/test/calls';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import { dialogUser, headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import {
  CONFIG,
  DEPOSIT_ADDRESS,
  OTHER_WALLET,
  signIn,
  TOKEN_BTC,
  TOKEN_USDT,
  USER,
  WALLET,
  walletServer,
} from '@/test/fixtures/wallet';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';

type Answer = { status?: number; body: unknown };

/** The withdraw calls of both assets answer `answer` (accepted by default). */
function server(answer: (body: unknown) => Answer = () => ok({ withdrawalId: '7', status: 'processing' })) {
  const handler = ({ body }: { body: unknown }) => answer(body);
  return walletServer({
    [`POST /app-api/${API.usdtWithdraw}`]: handler,
    [`POST /app-api/${API.btcWithdraw}`]: handler,
    [`POST /app-api/${API.sendEmailCode}`]: () => ok(null),
    [`GET /app-api/${API.withdrawals}`]: () => ok({ list: [], total: 0 }),
  });
}

const refusal = (code: number, msg: string): Answer => ({ body: { code, data: null, msg } });
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent ?? null;
const text = (testId: string) => screen.getByTestId(testId).textContent;

async function type(testId: string, value: string) {
  const input = await screen.findByTestId(testId);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

async function fill(amount: string, code = '123456') {
  await type('withdraw-amount-input', amount);
  await type('withdraw-code', code);
  await userEvent.click(screen.getByTestId('withdraw-submit'));
}

signInBeforeEachTest(signIn);
chineseAfterEachTest();

describe('withdraw', () => {
  it('shows the balance, fee and minimum, and fills exact shares of the balance on 50%, 75% and 全部', async () => {
    server();
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('1,234.56');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('提现');
    expect(text('withdraw-fee')).toBe('1.50');
    expect(text('withdraw-min')).toBe('10.00');
    expect(text('withdraw-received')).toBe('0.00');
    // The bound withdrawal address is filled in, and spelled out whole under the box.
    expect(screen.getByTestId('withdraw-address-input')).toHaveValue(WALLET);
    expect(screen.getByTestId('withdraw-address-preview')).toHaveTextContent(WALLET);
    expect(screen.getByTestId('withdraw-code-to')).toHaveTextContent('验证码将发送至 miner@example.com');

    const quick = async (percent: number) => {
      await userEvent.click(screen.getByTestId(`withdraw-quick-${percent}`));
      return [(screen.getByTestId('withdraw-amount-input') as HTMLInputElement).value, text('withdraw-received')];
    };
    expect(screen.getByTestId('withdraw-quick-100')).toHaveTextContent('全部');
    // 1234.567891 × 50% = 617.2839455, rounded down to the 2 decimals a member may enter (the
    // contract's amount rule), so the filled amount is never refused; the fee of 1.5 comes off.
    expect(await quick(50)).toEqual(['617.28', '615.78']);
    expect(await quick(75)).toEqual(['925.92', '924.42']);
    expect(await quick(100)).toEqual(['1234.56', '1,233.06']);

    await userEvent.click(screen.getByTestId('withdraw-asset-BTC'));
    await waitFor(() => expect(router.state.location.search).toBe('?asset=BTC'));
    expect(screen.getByTestId('withdraw-available')).toHaveTextContent('0.12345679');
    expect(text('withdraw-fee')).toBe('0.0005');
    expect(text('withdraw-min')).toBe('0.001');
    expect(screen.getByTestId('withdraw-amount-input')).toHaveValue('');
    expect(await quick(50)).toEqual(['0.06172839', '0.06122839']);
    expect(await quick(75)).toEqual(['0.09259259', '0.09209259']);
    expect(await quick(100)).toEqual(['0.12345679', '0.12295679']);
    // Each asset keeps what was typed for it.
    await userEvent.click(screen.getByTestId('withdraw-asset-USDT'));
    expect(screen.getByTestId('withdraw-amount-input')).toHaveValue('1234.56');
  });

  it('previews what arrives as the amount is typed, exactly', async () => {
    server();
    renderApp(paths.withdraw.href({ asset: 'USDT' }));
    for (const [amount, received] of [
      ['100', '98.50'],
      ['10.01', '8.51'],
      ['1.5', '--'],
      ['abc', '0.00'],
      ['', '0.00'],
    ]) {
      await type('withdraw-amount-input', amount!);
      expect([amount, text('withdraw-received')]).toEqual([amount, received]);
    }
  });

  it('explains every amount, address and code it cannot take, and sends nothing', async () => {
    const fetchMock = server();
    renderApp(paths.withdraw.href({ asset: 'USDT' }));
    await type('withdraw-address-input', '');
    await fill('', '');
    expect(errorOf('withdraw-amount-input')).toBe('请输入数量');
    expect(errorOf('withdraw-address-input')).toBe('请输入提现地址');
    expect(errorOf('withdraw-code')).toBe('请输入邮箱验证码');

    for (const [amount, message] of [
      // Letters never get in; zero is told as on every amount field; a third decimal is not taken.
      ['abc', '请输入数量'],
      ['10.', '无效金额'],
      ['0', '金额必须大于0'],
      ['9.999', '最低提现 10.00 USDT'],
      ['9.99', '最低提现 10.00 USDT'],
      ['1234.57', '余额不足'],
      ['10', null],
    ]) {
      await type('withdraw-amount-input', amount!);
      expect([amount, errorOf('withdraw-amount-input')]).toEqual([amount, message]);
    }
    // One letter's case changed from the checksummed form: the checksum no longer holds.
    await type('withdraw-address-input', WALLET.replace('C51812', 'c51812'));
    expect(errorOf('withdraw-address-input')).toBe('地址无效');
    await type('withdraw-address-input', 'TXyz1234');
    expect(errorOf('withdraw-address-input')).toBe('地址无效');
    await type('withdraw-code', '123');
    expect(errorOf('withdraw-code')).toBe('请输入6位数字验证码');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, API.usdtWithdraw)).toEqual([]);
  });

  it('says the prompts of the spec in English', async () => {
    await changeLocale('en');
    server();
    renderApp(paths.withdraw.href({ asset: 'BTC' }));
    await fill('');
    expect(errorOf('withdraw-amount-input')).toBe('Enter Amount');
    await type('withdraw-amount-input', '1.');
    expect(errorOf('withdraw-amount-input')).toBe('Invalid Amount');
    await type('withdraw-amount-input', '0.0009');
    expect(errorOf('withdraw-amount-input')).toBe('The minimum withdrawal is 0.001 BTC');
    await type('withdraw-amount-input', '1');
    expect(errorOf('withdraw-amount-input')).toBe('Insufficient balance');
    await type('withdraw-address-input', `${WALLET.slice(0, -1)}9`);
    expect(errorOf('withdraw-address-input')).toBe('Invalid Address');
  });

  it('asks a member without an email to bind one first', async () => {
    const fetchMock = walletServer({}, { ...USER, email: null, withdrawAddress: null });
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    expect(await screen.findByTestId('withdraw-needs-email')).toHaveTextContent('请先绑定邮箱');
    expect(screen.queryByTestId('withdraw-code')).not.toBeInTheDocument();
    expect(screen.getByTestId('withdraw-address-input')).toHaveValue('');
    await type('withdraw-amount-input', '20');
    await type('withdraw-address-input', OTHER_WALLET);
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('withdraw-go-bind-email'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindEmail.path));
    expect(callsTo(fetchMock, API.usdtWithdraw)).toEqual([]);
  });

  it('sends the code to the bound email and waits a minute before the next', async () => {
    const fetchMock = server();
    renderApp(paths.withdraw.href({ asset: 'USDT' }));
    await userEvent.click(await screen.findByTestId('withdraw-code-send'));
    expect(await screen.findByText('验证码已发送至 miner@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.sendEmailCode).map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(screen.getByTestId('withdraw-code-send')).toHaveTextContent('60秒后重发'));
    expect(screen.getByTestId('withdraw-code-send')).toBeDisabled();
  });

  it('confirms amount, fee, what arrives and the address, then withdraws with an Idempotency-Key and opens the history', async () => {
    let release: () => void = () => undefined;
    const fetchMock = server();
    const answer = fetchMock.getMockImplementation()!;
    // The withdraw call waits until the test has seen its loading text.
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(API.usdtWithdraw)) await new Promise<void>((resolve) => (release = resolve));
      return answer(input, init);
    });
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    await type('withdraw-address-input', OTHER_WALLET.toLowerCase());
    await fill('1100.25', '654321');

    const summary = await screen.findByTestId('confirm-summary');
    expect(within(summary).getByText('确认提现')).toBeInTheDocument();
    expect(within(summary).getByTestId('withdraw-confirm-amount')).toHaveTextContent('1,100.25 USDT');
    expect(within(summary).getByTestId('withdraw-confirm-fee')).toHaveTextContent('1.50 USDT');
    expect(within(summary).getByTestId('withdraw-confirm-received')).toHaveTextContent('1,098.75 USDT');
    expect(within(summary).getByTestId('withdraw-confirm-address')).toHaveTextContent(OTHER_WALLET.toLowerCase());
    await dialogUser.click(screen.getByTestId('dialog-confirm'));

    expect(await screen.findByText('发起提现中...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('提现申请已提交，等待审核')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdrawRecord.path));
    expect(router.state.location.search).toBe('?asset=USDT');
    const calls = callsTo(fetchMock, API.usdtWithdraw);
    expect(calls.map((call) => call.body)).toEqual([
      { amount: '1100.25', address: OTHER_WALLET.toLowerCase(), emailCode: '654321' },
    ]);
    expect(headersOf(calls[0]!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
  });

  it('cancelling the confirm sends nothing and keeps the form', async () => {
    const fetchMock = server();
    renderApp(paths.withdraw.href({ asset: 'BTC' }));
    await fill('0.01');
    const summary = await screen.findByTestId('confirm-summary');
    expect(within(summary).getByTestId('withdraw-confirm-received')).toHaveTextContent('0.0095 BTC');
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, API.btcWithdraw)).toEqual([]);
    expect(screen.getByTestId('withdraw-amount-input')).toHaveValue('0.01');
  });

  it("shows the server's refusals in place, keeps what was typed, and sends each new attempt with a new key", async () => {
    const answers: Answer[] = [
      refusal(ERROR_CODES.emailCodeWrong, '验证码错误'),
      refusal(ERROR_CODES.emailCodeUsed, '该验证码已使用，请重新获取'),
      refusal(ERROR_CODES.amountTooManyDecimals, '最多支持2位小数'),
      refusal(ERROR_CODES.withdrawBelowMinimum, '最低提现 20 USDT'),
      refusal(ERROR_CODES.invalidAddress, '地址无效'),
      failure,
      refusal(ERROR_CODES.bindEmailFirst, '请先绑定邮箱'),
    ];
    const fetchMock = server(() => answers.shift() ?? ok({ withdrawalId: '1', status: 'processing' }));
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    const attempt = async () => {
      // Closed prompts may linger (jsdom ends few exit animations): confirm the one this attempt opens.
      const earlier = new Set(screen.queryAllByTestId('dialog-confirm'));
      await userEvent.click(screen.getByTestId('withdraw-submit'));
      const prompt = await waitFor(() => {
        const fresh = screen.queryAllByTestId('dialog-confirm').find((button) => !earlier.has(button));
        expect(fresh).toBeDefined();
        return fresh!;
      });
      await dialogUser.click(prompt);
      await waitFor(() => expect(screen.getByTestId('withdraw-submit')).not.toHaveClass('adm-button-loading'));
    };
    await type('withdraw-amount-input', '15');
    await type('withdraw-code', '000000');

    await attempt();
    expect(await screen.findByTestId('withdraw-code-error')).toHaveTextContent('验证码错误');
    // A code already spent says so, under the code, not "wrong code".
    await attempt();
    expect(await screen.findByTestId('withdraw-code-error')).toHaveTextContent('该验证码已使用，请重新获取');
    await attempt();
    expect(await screen.findByTestId('withdraw-amount-input-error')).toHaveTextContent('最多支持2位小数');
    await attempt();
    expect(await screen.findByTestId('withdraw-amount-input-error')).toHaveTextContent('最低提现 20 USDT');
    expect(errorOf('withdraw-code')).toBeNull();
    await attempt();
    expect(await screen.findByTestId('withdraw-address-input-error')).toHaveTextContent('地址无效');
    await attempt();
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent('服务器繁忙，请稍后再试');
    await attempt();
    expect(await screen.findByTestId('withdraw-needs-email')).toHaveTextContent('请先绑定邮箱');

    // Nothing typed was lost, and the member stayed on the form.
    expect(screen.getByTestId('withdraw-amount-input')).toHaveValue('15');
    expect(screen.getByTestId('withdraw-address-input')).toHaveValue(WALLET);
    expect(router.state.location.pathname).toBe(paths.withdraw.path);
    const keys = callsTo(fetchMock, API.usdtWithdraw).map((call) => headersOf(call.init)['Idempotency-Key']);
    expect(keys).toHaveLength(7);
    // Each answered attempt got a new key; a 500 may have moved the money, so its retry reused the key.
    expect(new Set(keys.slice(0, 6)).size).toBe(6);
    expect(keys[6]).toBe(keys[5]);
    // The whole form, seven prompts and seven answers: on 2 busy cores this takes several seconds.
  }, 30_000);

  it('says withdrawals are unavailable without a fee in the config, and links to the history', async () => {
    walletServer({}, USER, { ...CONFIG, limits: { withdrawFeeUSDT: '1' } });
    const { router } = renderApp(paths.withdraw.href({ asset: 'BTC' }));
    expect(await screen.findByTestId('withdraw-unavailable')).toHaveTextContent('该功能暂不可用');
    await userEvent.click(screen.getByTestId('withdraw-asset-USDT'));
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
    expect(text('withdraw-min')).toBe('0.00');
    await userEvent.click(screen.getByTestId('withdraw-history-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdrawRecord.path));
    expect(router.state.location.search).toBe('?asset=USDT');
  });

  it('offers a retry when the balances fail to load', async () => {
    let fail = true;
    walletServer({
      'GET /app-api/asset/selectAssetBalance': () =>
        fail ? failure : ok({ list: [{ asset: 'USDT', available: '5', locked: '0', earnings: '0' }] }),
    });
    renderApp(paths.withdraw.path);
    expect(await screen.findByTestId('withdraw-load-error')).toHaveTextContent('加载失败，请重试');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('5.00');
  });

  it('withdraws once on a double tap: one confirm, one call, then the history', async () => {
    const fetchMock = server();
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    await type('withdraw-amount-input', '20');
    await type('withdraw-code', '123456');
    await doubleTap(screen.getByTestId('withdraw-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdrawRecord.path));
    await pause();
    expect(callsTo(fetchMock, API.usdtWithdraw).map((call) => call.body)).toEqual([
      { amount: '20', address: WALLET, emailCode: '123456' },
    ]);
  });

  describe('the network', () => {
    it('names the chain, the token standard and the asset’s contract, and warns that another network loses the funds', async () => {
      server();
      renderApp(paths.withdraw.href({ asset: 'USDT' }));
      expect(await screen.findByTestId('withdraw-network-name')).toHaveTextContent('BNB Smart Chain（链 ID 56）');
      expect(text('withdraw-network-standard')).toBe('BEP-20');
      expect(screen.getByTestId('withdraw-token-USDT')).toHaveTextContent('0x5FbD...0aa3');
      expect(screen.queryByTestId('withdraw-token-BTC')).not.toBeInTheDocument();
      expect(text('withdraw-network-warning')).toBe(
        '只能提现到 BNB Smart Chain 上的地址（BEP-20）。填写其他网络（如 Ethereum / TRON）或交易所其他网络的充值地址，资金将无法找回。',
      );
      await userEvent.click(screen.getByTestId('withdraw-asset-BTC'));
      expect(await screen.findByTestId('withdraw-token-BTC')).toHaveTextContent('0xe7f1...0512');
      await changeLocale('en');
      expect(await screen.findByTestId('withdraw-network-name')).toHaveTextContent('BNB Smart Chain (chain ID 56)');
      expect(text('withdraw-network-warning')).toContain('loses the funds for good');
    });

    it('refuses the deposit address and every token contract before any confirm, whatever their case', async () => {
      const fetchMock = server();
      renderApp(paths.withdraw.href({ asset: 'USDT' }));
      await screen.findByTestId('withdraw-available');
      for (const own of [DEPOSIT_ADDRESS, TOKEN_USDT.toLowerCase(), TOKEN_BTC]) {
        await type('withdraw-address-input', own);
        await fill('20');
        expect(errorOf('withdraw-address-input')).toBe('这是平台自己的充值地址或代币合约，不能提现到这里');
        expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
      }
      expect(callsTo(fetchMock, API.usdtWithdraw)).toEqual([]);
    });

    it('shows the server’s refusal of a platform address under the address', async () => {
      server(() => refusal(ERROR_CODES.platformAddress, '这是平台自己的充值地址或代币合约，不能提现到这里'));
      renderApp(paths.withdraw.href({ asset: 'USDT' }));
      await screen.findByTestId('withdraw-available');
      await fill('20');
      await confirmEveryPrompt();
      await waitFor(() =>
        expect(errorOf('withdraw-address-input')).toBe('这是平台自己的充值地址或代币合约，不能提现到这里'),
      );
    });
  });
});

describe('withdraw with the address book', () => {
  const entry = (id: string, address: string, label: string, usable: boolean) => ({
    id,
    address,
    label,
    usable,
    usableAt: '2030-01-02T03:04:00.000Z',
    createdAt: '2024-06-01T00:00:00.000Z',
  });

  it('fills a saved address past its wait with a tap, and says that only those take withdrawals', async () => {
    let answer = refusal(ERROR_CODES.addressWaiting, '该地址为新添加地址，2030-01-02 03:04 UTC 后可用于提现');
    walletServer({
      [`GET /app-api/${API.addressBook}`]: () =>
        ok({
          list: [
            entry('2', DEPOSIT_ADDRESS.replace('90F7', '90f7'), 'Cold', false),
            entry('1', OTHER_WALLET, '交易所', true),
          ],
          waitHours: 24,
        }),
      [`POST /app-api/${API.usdtWithdraw}`]: () => answer,
      [`POST /app-api/${API.sendEmailCode}`]: () => ok(null),
    });
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    expect(await screen.findByTestId('withdraw-only-saved')).toHaveTextContent(
      '提现只能发往地址簿中等待期满的地址（新地址需等待 24 小时）',
    );
    await userEvent.click(screen.getByTestId('withdraw-address-book'));
    const sheet = await screen.findByTestId('address-pick-sheet');
    const [waiting, ready] = within(sheet).getAllByTestId('address-pick-pick');
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveTextContent('起可用');
    expect(ready).toHaveTextContent('交易所');
    await dialogUser.click(ready as HTMLElement);
    expect(screen.getByTestId('withdraw-address-input')).toHaveValue(OTHER_WALLET);

    // The server's word on an address still waiting shows under the address.
    await fill('20');
    await confirmEveryPrompt();
    expect(await screen.findByTestId('withdraw-address-input-error')).toHaveTextContent(
      '2030-01-02 03:04 UTC 后可用于提现',
    );
    answer = ok({ withdrawalId: '7', status: 'processing' });

    await dialogUser.click(screen.getByTestId('withdraw-address-book'));
    await dialogUser.click(within(await screen.findByTestId('address-pick-sheet')).getByTestId('address-pick-manage'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addressBook.path));
  });

  it('goes straight to the address book when nothing is saved', async () => {
    server();
    const { router } = renderApp(paths.withdraw.href({ asset: 'USDT' }));
    await screen.findByTestId('withdraw-available');
    expect(screen.queryByTestId('withdraw-only-saved')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('withdraw-address-book'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.addressBook.path));
  });
});
