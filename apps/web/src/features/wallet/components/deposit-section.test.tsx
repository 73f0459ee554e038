import { API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { DEPOSIT_REASONS } from '@minecloud/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure, page } from '@/test/calls';
import { doubleTap, pause } from '@/test/double-tap';
import { headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import {
  CONFIG,
  DEPOSIT_ADDRESS,
  deposit,
  signIn,
  TOKEN_BTC,
  TOKEN_USDT,
  TX_HASH,
  USER,
  walletServer,
} from '@/test/fixtures/wallet';
import { layOutListsInThisFile } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';

// The QR encoder's stand-in writes what it was given, so a test can read what the code carries.
vi.mock('@/lib/qr-svg', () => ({ qrSvgDataUrl: async (text: string) => `data:text/plain,qr:${text}` }));

type Answer = { status?: number; body: unknown };

const NEW_HASH = `0x${'0123456789abcdef'.repeat(4)}`;
const chain = paths.topUp.href({ tab: 'chain' });

function server(options: { submit?: (body: unknown) => Answer; deposits?: () => Answer } = {}) {
  let list = [deposit('1')];
  return walletServer({
    [`GET /app-api/${API.depositPage}`]: () => options.deposits?.() ?? page(list),
    [`POST /app-api/${API.depositSubmit}`]: ({ body }) => {
      const answer = options.submit?.(body);
      if (answer) return answer;
      const created = deposit('2', {
        txHash: (body as { txHash: string }).txHash,
        asset: null,
        amount: null,
        status: 'confirming',
        confirmations: 0,
        creditedAt: null,
      });
      list = [created, ...list];
      return ok(created);
    },
  });
}

async function submitHash(hash: string) {
  const input = await screen.findByTestId('deposit-tx-input');
  await userEvent.clear(input);
  if (hash) await userEvent.type(input, hash);
  await userEvent.click(screen.getByTestId('deposit-submit'));
}

const writeText = vi.fn<(text: string) => Promise<void>>();
const fieldError = () => screen.queryByTestId('deposit-tx-input-error')?.textContent ?? null;

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
  signIn();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('deposit on chain', () => {
  it('sits beside the gold coin top-up, which stays the default', async () => {
    walletServer({ [`GET /app-api/${API.depositPage}`]: () => page([]) }, USER, {
      ...CONFIG,
      limits: { ...CONFIG.limits, goldPerUsdt: '100' },
    });
    const { router } = renderApp(paths.topUp.path);
    expect(await screen.findByTestId('topup-form')).toBeInTheDocument();
    expect(screen.getByTestId('topup-tab-gold')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('topup-tab-chain'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=chain'));
    expect(await screen.findByTestId('deposit-section')).toBeInTheDocument();
    expect(screen.queryByTestId('topup-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('topup-tab-chain')).toHaveTextContent('链上充值');
  });

  it('shows the deposit address to copy, the token contracts, the confirmations and the own-wallet rule', async () => {
    server();
    renderApp(chain);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(DEPOSIT_ADDRESS);
    await userEvent.click(screen.getByTestId('deposit-address-copy'));
    expect(writeText).toHaveBeenCalledWith(DEPOSIT_ADDRESS);
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-token-USDT')).toHaveTextContent('0x5FbD...0aa3');
    expect(screen.getByTestId('deposit-token-BTC')).toHaveTextContent('0xe7f1...0512');
    await userEvent.click(screen.getByTestId('deposit-token-BTC'));
    expect(writeText).toHaveBeenLastCalledWith(TOKEN_BTC);
    expect(screen.getByTestId('deposit-confirmations')).toHaveTextContent('需 12 个区块确认后入账');
    expect(screen.getByTestId('deposit-own-wallet')).toHaveTextContent(
      '仅从您登录所用的钱包 0xf39F...2266 转出的交易会入账',
    );
  });

  it('names the network and its token standard, warns that another network loses the funds, and shows the address as a QR code', async () => {
    server();
    renderApp(chain);
    expect(await screen.findByTestId('deposit-network-name')).toHaveTextContent('BNB Smart Chain（链 ID 56）');
    expect(screen.getByTestId('deposit-network-standard')).toHaveTextContent('BEP-20');
    expect(screen.getByTestId('deposit-network-warning')).toHaveTextContent(
      '只能通过 BNB Smart Chain 转入上列合约的 BEP-20 代币。通过其他网络或转入其他代币，资金将无法找回。',
    );
    const qr = await screen.findByTestId('deposit-address-qr');
    expect(qr).toHaveAttribute('alt', '充值地址二维码');
    // The QR code carries the address itself, nothing else (the encoder is a stand-in here).
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toBe(`data:text/plain,qr:${DEPOSIT_ADDRESS}`);
  });

  it('lists only the token contracts the config names', async () => {
    walletServer({ [`GET /app-api/${API.depositPage}`]: () => page([]) }, USER, {
      ...CONFIG,
      limits: { depositAddress: DEPOSIT_ADDRESS, tokenUSDT: TOKEN_USDT },
    });
    renderApp(chain);
    expect(await screen.findByTestId('deposit-token-USDT')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-token-BTC')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-confirmations')).not.toBeInTheDocument();
    expect(await screen.findByTestId('deposits-empty')).toHaveTextContent('暂无充值记录');
  });

  it('checks the transaction hash before asking the server', async () => {
    const fetchMock = server();
    renderApp(chain);
    await submitHash('');
    expect(fieldError()).toBe('请输入交易哈希');
    for (const hash of ['0x1234', 'ab'.repeat(32), `0x${'g'.repeat(64)}`, `${TX_HASH}00`]) {
      await submitHash(hash);
      expect([hash, fieldError()]).toEqual([hash, '交易哈希无效']);
    }
    expect(callsTo(fetchMock, API.depositSubmit)).toEqual([]);
  });

  it('submits the hash with an Idempotency-Key, says 充值中..., then lists the deposit as confirming', async () => {
    let release: () => void = () => undefined;
    const fetchMock = server();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(API.depositSubmit)) await new Promise<void>((resolve) => (release = resolve));
      return answer(input, init);
    });
    renderApp(chain);
    expect(await screen.findByTestId('deposit-1')).toBeInTheDocument();
    await submitHash(NEW_HASH);
    expect(await screen.findByText('充值中...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('已提交，等待区块确认')).toBeInTheDocument();
    const calls = callsTo(fetchMock, API.depositSubmit);
    expect(calls.map((call) => call.body)).toEqual([{ txHash: NEW_HASH }]);
    expect(headersOf(calls[0]!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    expect(screen.getByTestId('deposit-tx-input')).toHaveValue('');

    const row = await screen.findByTestId('deposit-2');
    expect(within(row).getByTestId('deposit-status')).toHaveTextContent('确认中 0 / 12');
    expect(within(row).getByTestId('deposit-amount')).toHaveTextContent('待识别');
    expect(within(row).getByTestId('deposit-tx')).toHaveTextContent('0x0123...cdef');
    const credited = screen.getByTestId('deposit-1');
    expect(within(credited).getByTestId('deposit-status')).toHaveTextContent('已入账');
    expect(within(credited).getByTestId('deposit-amount')).toHaveTextContent('250.00 USDT');
  });

  it('says what a deposit credited at once brought', async () => {
    server({ submit: () => ok(deposit('3', { txHash: NEW_HASH, asset: 'BTC', amount: '0.015' })) });
    renderApp(chain);
    await submitHash(NEW_HASH);
    expect(await screen.findByText('充值成功，已入账 0.01500000 BTC')).toBeInTheDocument();
  });

  it('shows why a deposit was refused, or the server’s refusal, in place, keeping the hash', async () => {
    const answers: Answer[] = [
      ok(
        deposit('4', { txHash: NEW_HASH, status: 'rejected', reason: 'notFromYourWallet', asset: null, amount: null }),
      ),
      { body: { code: ERROR_CODES.txHashInvalid, data: null, msg: '交易哈希无效' } },
      { body: { code: ERROR_CODES.depositsUnavailable, data: null, msg: '链上充值暂未开放' } },
      failure,
    ];
    const fetchMock = server({ submit: () => answers.shift()! });
    renderApp(chain);
    await userEvent.type(await screen.findByTestId('deposit-tx-input'), NEW_HASH);
    for (const message of [
      '这笔交易不是从您的登录钱包发出的',
      '交易哈希无效',
      '链上充值暂未开放',
      '服务器繁忙，请稍后再试',
    ]) {
      await waitFor(() => expect(screen.getByTestId('deposit-submit')).not.toHaveClass('adm-button-loading'));
      await userEvent.click(screen.getByTestId('deposit-submit'));
      await waitFor(() => expect(fieldError()).toBe(message));
      expect(screen.getByTestId('deposit-tx-input')).toHaveValue(NEW_HASH);
    }
    expect(callsTo(fetchMock, API.depositSubmit)).toHaveLength(4);
  });

  it('names the status and the reason of every deposit', async () => {
    server({
      deposits: () =>
        page([
          deposit('10', { status: 'confirming', confirmations: 5, asset: 'BTC', amount: '0.123456789' }),
          ...DEPOSIT_REASONS.map((reason, index) =>
            deposit(String(20 + index), { status: 'rejected', reason, asset: null, amount: null }),
          ),
        ]),
    });
    renderApp(chain);
    const confirming = await screen.findByTestId('deposit-10');
    expect(within(confirming).getByTestId('deposit-status')).toHaveTextContent('确认中 5 / 12');
    expect(within(confirming).getByTestId('deposit-amount')).toHaveTextContent('0.12345678 BTC');
    expect(within(confirming).queryByTestId('deposit-reason')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('deposit-reason').map((reason) => reason.textContent)).toEqual([
      '链上找不到这笔交易',
      '这笔交易在链上执行失败',
      '这笔交易没有转入平台充值地址',
      '转入的代币不支持充值',
      '这笔交易不是从您的登录钱包发出的',
      '一笔交易转入了多种代币，无法入账',
      '充值金额过小，无法入账',
    ]);
    expect(
      screen
        .getAllByTestId('deposit-status')
        .slice(1)
        .map((status) => status.textContent),
    ).toEqual(Array(DEPOSIT_REASONS.length).fill('未入账'));
  });

  it('offers a retry when the deposits fail to load', async () => {
    let fail = true;
    server({ deposits: () => (fail ? failure : page([deposit('1')])) });
    renderApp(chain);
    expect(await screen.findByTestId('deposits-error')).toHaveTextContent('充值记录加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('deposits-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('deposit-1')).toBeInTheDocument();
  });

  it('says on-chain deposits are not open, instead of the form, when the config closes them', async () => {
    const fetchMock = walletServer({}, USER, { ...CONFIG, features: { deposits: false } });
    renderApp(chain);
    expect(await screen.findByTestId('deposits-closed')).toHaveTextContent('链上充值暂未开放');
    expect(screen.queryByTestId('deposit-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-address')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, API.depositPage)).toEqual([]);
  });

  it('says it in English too', async () => {
    await changeLocale('en');
    walletServer({}, USER, { ...CONFIG, features: {} });
    renderApp(chain);
    expect(await screen.findByTestId('deposits-closed')).toHaveTextContent('On-chain deposits are not open');
  });

  it('says Depositing... in English while the hash is on its way', async () => {
    await changeLocale('en');
    const fetchMock = server({ submit: () => ok(deposit('5', { txHash: NEW_HASH, status: 'confirming' })) });
    const answer = fetchMock.getMockImplementation()!;
    let release: () => void = () => undefined;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes(API.depositSubmit)) await new Promise<void>((resolve) => (release = resolve));
      return answer(input, init);
    });
    renderApp(chain);
    await submitHash(NEW_HASH);
    expect(await screen.findByText('Depositing...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Submitted; waiting for confirmations')).toBeInTheDocument();
  });

  it('submits a hash once on a double tap', async () => {
    const fetchMock = server();
    renderApp(chain);
    await userEvent.type(await screen.findByTestId('deposit-tx-input'), NEW_HASH);
    await doubleTap(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('已提交，等待区块确认')).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, API.depositSubmit).map((call) => call.body)).toEqual([{ txHash: NEW_HASH }]);
  });
});
