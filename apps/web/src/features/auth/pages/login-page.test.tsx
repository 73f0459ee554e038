import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verifyMessage } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { type FakeWalletConnect, fakeWalletConnect } from '@/test/fake-walletconnect';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';
import { createTestWallet } from '@/test/test-wallet';

vi.mock('@/lib/toast', () => ({
  showToast: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
  preloadOverlays: vi.fn(),
}));

const USER = {
  id: '42',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  identity: 'regular',
  level: 1,
  email: null,
  withdrawAddress: null,
  inviteCodes: [],
  balances: { GOLD: '0', USDT: '0', BTC: '0' },
};

// WalletConnect's client, played by a stand-in: these tests never reach the public relay.
let walletConnect = fakeWalletConnect();
vi.mock('@walletconnect/universal-provider', () => ({
  UniversalProvider: { init: (options: unknown) => walletConnect.module.UniversalProvider.init(options) },
}));

type LoginAnswer = { status?: number; body: unknown };

const WC_PROJECT = '0123456789abcdef0123456789abcdef';

function startServer(options: { demo?: boolean; login?: LoginAnswer; walletConnectProjectId?: string } = {}) {
  const loginBodies: Record<string, unknown>[] = [];
  const fetchMock = mockServer({
    'GET /app-api/biz/biz-config/get/basic': () =>
      ok({
        ...BASIC_CONFIG,
        demo: options.demo ?? false,
        walletConnectProjectId: options.walletConnectProjectId ?? null,
      }),
    'GET /app-api/biz/biz-user/nonce': () => ok({ nonce: 'abcdef123456' }),
    'POST /app-api/biz/biz-user/login': ({ body }) => {
      loginBodies.push(body as Record<string, unknown>);
      return options.login ?? ok({ token: 'jwt-abc', expiresAt: '2030-01-01T00:00:00.000Z', userId: '42' });
    },
    'GET /app-api/biz/biz-user/get': () => ok(USER),
  });
  return { fetchMock, loginBodies };
}

const loginUrl = (query: Record<string, string>) => paths.login.href(query);

beforeEach(() => {
  walletConnect = fakeWalletConnect();
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
});

afterEach(() => {
  delete window.ethereum;
});

describe('login page', () => {
  it('offers the injected wallet as 浏览器钱包 and no development wallet outside demo mode', async () => {
    window.ethereum = createTestWallet().provider;
    startServer({ demo: false });
    renderApp(loginUrl({}));
    expect(await screen.findByTestId('wallet-option-injected')).toHaveTextContent('浏览器钱包');
    await waitFor(() => expect(screen.getByTestId('wallet-option-injected')).toBeEnabled());
    expect(screen.queryByTestId('wallet-option-dev')).not.toBeInTheDocument();
  });

  it('offers a clearly labelled development wallet in demo mode, and says when no wallet exists', async () => {
    startServer({ demo: true });
    renderApp(loginUrl({}));
    const dev = await screen.findByTestId('wallet-option-dev');
    expect(dev).toHaveTextContent('开发测试钱包');
    expect(dev).toHaveTextContent('切勿存入真实资金');
    expect(screen.getByTestId('no-wallet')).toBeInTheDocument();
  });

  it('signs in with the injected wallet, sends the invite code and returns to the redirect', async () => {
    const wallet = createTestWallet();
    window.ethereum = wallet.provider;
    const { loginBodies, fetchMock } = startServer();
    const { router } = renderApp(loginUrl({ redirect: paths.mineList.href({ tab: 'mining' }), code: 'INV9' }));
    expect(await screen.findByTestId('invite-code-input')).toHaveValue('INV9');
    const option = screen.getByTestId('wallet-option-injected');
    await waitFor(() => expect(option).toBeEnabled());
    await userEvent.click(option);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.mineList.path));
    expect(router.state.location.search).toBe('?tab=mining');
    expect(loginBodies).toHaveLength(1);
    expect(loginBodies[0]?.inviteCode).toBe('INV9');
    const state = useSession.getState();
    expect([state.token, state.address]).toEqual(['jwt-abc', wallet.account.address]);
    expect(state.userInfo?.id).toBe('42');
    expect(showToast).toHaveBeenCalledWith('登录成功');
    const userCall = fetchMock.mock.calls.find(([url]) => String(url) === '/app-api/biz/biz-user/get');
    expect((userCall?.[1]?.headers ?? {}) as Record<string, string>).toMatchObject({ Authorization: 'Bearer jwt-abc' });
  });

  it('signs in with the development wallet in demo mode', async () => {
    startServer({ demo: true });
    const { router } = renderApp(loginUrl({ redirect: '/' }));
    const dev = await screen.findByTestId('wallet-option-dev');
    await waitFor(() => expect(dev).toBeEnabled());
    await userEvent.click(dev);
    await waitFor(() => expect(useSession.getState().token).toBe('jwt-abc'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('shows the server message of a refused sign-in and stays signed out', async () => {
    window.ethereum = createTestWallet().provider;
    startServer({ login: { body: { code: 1001, data: null, msg: '无效的分区邀请码' } } });
    const { router } = renderApp(loginUrl({ code: 'BAD' }));
    const option = await screen.findByTestId('wallet-option-injected');
    await waitFor(() => expect(option).toBeEnabled());
    await userEvent.click(option);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('无效的分区邀请码'));
    expect(useSession.getState().token).toBe('');
    expect(router.state.location.pathname).toBe(paths.login.path);
  });

  it('says so when the member refuses to sign', async () => {
    window.ethereum = createTestWallet({ reject: true }).provider;
    const { loginBodies } = startServer();
    renderApp(loginUrl({}));
    const option = await screen.findByTestId('wallet-option-injected');
    await waitFor(() => expect(option).toBeEnabled());
    await userEvent.click(option);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('你已取消签名'));
    expect(loginBodies).toEqual([]);
  });

  it('never redirects outside the app', async () => {
    window.ethereum = createTestWallet().provider;
    startServer();
    const { router } = renderApp(loginUrl({ redirect: '//evil.example/phish' }));
    const option = await screen.findByTestId('wallet-option-injected');
    await waitFor(() => expect(option).toBeEnabled());
    await userEvent.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  describe('with no wallet in the browser', () => {
    const REDIRECT = '/pages/my_child/withdraw/withdraw?asset=USDT';
    /** The sign-in address each wallet app is to open: this page, with the redirect and the code. */
    const signInAddress = (code: string) =>
      `${window.location.href.split('#')[0]}#/pages/login/index?${new URLSearchParams({ redirect: REDIRECT, code })}`;

    it('on a phone, links to open this page in six wallet apps, keeping the redirect and the invite code', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      );
      startServer();
      renderApp(loginUrl({ redirect: REDIRECT, code: 'INV9' }));
      const section = await screen.findByTestId('open-in-wallet');
      expect(section).toHaveTextContent('在钱包应用中打开');
      const expected = signInAddress('INV9');
      const href = (id: string) => screen.getByTestId(`open-in-${id}`).getAttribute('href') ?? '';
      expect(href('metamask')).toBe(`https://link.metamask.io/dapp/${expected.replace(/^https?:\/\//, '')}`);
      expect(new URL(href('trust')).searchParams.get('url')).toBe(expected);
      expect(new URL(href('trust')).searchParams.get('coin_id')).toBe('20000714');
      expect(JSON.parse(new URL(href('tokenpocket')).searchParams.get('params') ?? '').url).toBe(expected);
      expect(new URL(href('imtoken')).searchParams.get('url')).toBe(expected);
      const okx = new URL(new URL(href('okx')).searchParams.get('deeplink') ?? '');
      expect(okx.searchParams.get('dappUrl')).toBe(expected);
      expect(new URL(href('bitget')).searchParams.get('url')).toBe(expected);
      expect(screen.queryByTestId('open-in-wallet-qr')).not.toBeInTheDocument();
    });

    it('follows an invite code typed on the page', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36');
      startServer();
      renderApp(loginUrl({ redirect: REDIRECT }));
      await screen.findByTestId('open-in-wallet');
      await userEvent.type(screen.getByTestId('invite-code-input'), 'TYPED7');
      const trust = new URL(screen.getByTestId('open-in-trust').getAttribute('href') ?? '');
      expect(trust.searchParams.get('url')).toBe(signInAddress('TYPED7'));
    });

    it('on a desktop, shows the chosen wallet app’s link as a QR code', async () => {
      startServer();
      renderApp(loginUrl({ redirect: REDIRECT, code: 'INV9' }));
      await screen.findByTestId('open-in-wallet');
      expect(screen.getByTestId('open-in-metamask')).toHaveAttribute('aria-checked', 'true');
      const qr = await screen.findByTestId('open-in-wallet-qr');
      expect(qr).toHaveAttribute('alt', '在 MetaMask 中打开本页的二维码');
      const before = qr.getAttribute('src');
      await userEvent.click(screen.getByTestId('open-in-okx'));
      expect(screen.getByTestId('open-in-okx')).toHaveAttribute('aria-checked', 'true');
      await waitFor(() =>
        expect(screen.getByTestId('open-in-wallet-qr')).toHaveAttribute('alt', '在 OKX Wallet 中打开本页的二维码'),
      );
      expect(screen.getByTestId('open-in-wallet-qr').getAttribute('src')).not.toBe(before);
      expect(screen.getByTestId('open-in-okx').dataset.href).toContain('https://web3.okx.com/download?deeplink=');
    });

    it('offers no wallet app links once a wallet is in the browser', async () => {
      window.ethereum = createTestWallet().provider;
      startServer();
      renderApp(loginUrl({}));
      await screen.findByTestId('wallet-option-injected');
      expect(screen.queryByTestId('open-in-wallet')).not.toBeInTheDocument();
    });
  });

  describe('WalletConnect', () => {
    const fake = (): FakeWalletConnect => walletConnect.fake;
    /** Taps WalletConnect once the page is ready for it; answers the option. */
    const chooseWalletConnect = async () => {
      const option = await screen.findByTestId('wallet-option-walletconnect');
      await waitFor(() => expect(option).toBeEnabled());
      await userEvent.click(option);
      return option;
    };

    it('is offered only when the server names a project id', async () => {
      window.ethereum = createTestWallet().provider;
      startServer();
      renderApp(loginUrl({}));
      await screen.findByTestId('wallet-option-injected');
      expect(screen.queryByTestId('wallet-option-walletconnect')).not.toBeInTheDocument();
    });

    it('pairs by QR code or link, then signs in with the wallet’s own signature, and closes the pairing', async () => {
      const wallet = createTestWallet();
      const { loginBodies } = startServer({ walletConnectProjectId: WC_PROJECT });
      const { router } = renderApp(loginUrl({ redirect: paths.mineList.href({ tab: 'mining' }), code: 'INV9' }));
      expect(await chooseWalletConnect()).toHaveTextContent('WalletConnect');

      await fake().connected;
      expect(fake().initOptions).toEqual([expect.objectContaining({ projectId: WC_PROJECT })]);
      const pairing = await screen.findByTestId('walletconnect-pairing');
      expect(pairing).toHaveTextContent('用 WalletConnect 连接');
      expect(screen.getByTestId('walletconnect-open')).toHaveAttribute('href', fake().uri);
      expect(await screen.findByTestId('walletconnect-qr')).toHaveAttribute('alt', 'WalletConnect 连接二维码');
      expect(loginBodies).toEqual([]);

      fake().approve([`eip155:56:${wallet.account.address}`], wallet.provider);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.mineList.path));
      expect(loginBodies).toHaveLength(1);
      const { message, signature, inviteCode } = loginBodies[0] as Record<string, string>;
      expect(inviteCode).toBe('INV9');
      // The same EIP-4361 message as an injected wallet signs: this app's chain, signed by the paired wallet.
      expect(message).toContain(`${wallet.account.address}\n`);
      expect(message).toContain('Chain ID: 56');
      expect(
        await verifyMessage({
          address: wallet.account.address,
          message: message ?? '',
          signature: signature as `0x${string}`,
        }),
      ).toBe(true);
      expect(fake().requests.map((r) => [r.method, r.chain])).toEqual([
        ['eth_requestAccounts', 'eip155:56'],
        ['personal_sign', 'eip155:56'],
      ]);
      expect(useSession.getState().token).toBe('jwt-abc');
      expect(fake().disconnects).toBe(1);
      expect(screen.queryByTestId('walletconnect-pairing')).not.toBeInTheDocument();
    });

    it('stops when the member cancels the pairing, and signs nothing', async () => {
      const { loginBodies } = startServer({ walletConnectProjectId: WC_PROJECT });
      renderApp(loginUrl({}));
      await chooseWalletConnect();
      await screen.findByTestId('walletconnect-qr');
      await userEvent.click(screen.getByTestId('walletconnect-cancel'));
      await waitFor(() => expect(screen.queryByTestId('walletconnect-pairing')).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByTestId('wallet-option-walletconnect')).toBeEnabled());
      expect(showToast).not.toHaveBeenCalled();
      // The wallet approving afterwards opens nothing that stays open.
      fake().approve(['eip155:56:0x0000000000000000000000000000000000000001'], createTestWallet().provider);
      await waitFor(() => expect(fake().disconnects).toBe(1));
      expect(loginBodies).toEqual([]);
    });

    it('refuses a wallet that connected on another network', async () => {
      const { loginBodies } = startServer({ walletConnectProjectId: WC_PROJECT });
      renderApp(loginUrl({}));
      await chooseWalletConnect();
      await fake().connected;
      fake().approve(['eip155:1:0x0000000000000000000000000000000000000001'], createTestWallet().provider);
      await waitFor(() =>
        expect(showToast).toHaveBeenCalledWith('钱包没有在本应用的网络上连接，请在钱包中添加或切换到该网络后重试'),
      );
      expect(loginBodies).toEqual([]);
      expect(useSession.getState().token).toBe('');
    });
  });
});
