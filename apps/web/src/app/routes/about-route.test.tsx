import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { failure } from '@/test/calls';
import { dialogUser } from '@/test/fixtures/money';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

const BASIC = 'GET /app-api/biz/biz-config/get/basic';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USER = {
  id: '42',
  address: ADDRESS,
  identity: 'regular',
  level: 1,
  email: 'miner@example.com',
  withdrawAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  inviteCodes: [],
  balances: { GOLD: '0', USDT: '0', BTC: '0' },
};

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('about and settings', () => {
  it('shows a visitor the app, its version and the ways to help, without account rows', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    const { router } = renderApp(paths.about.path);
    await waitFor(() => expect(screen.getByTestId('about-version')).toHaveTextContent('版本 1.0.0'));
    expect(screen.getByTestId('nav-title')).toHaveTextContent('关于我们');
    expect(screen.getByTestId('app-name')).toHaveTextContent('MineCloud Demo');
    expect(screen.getByTestId('about-go-language')).toHaveTextContent('简体中文');
    for (const name of ['services', 'feedback', 'feedback-history', 'notices']) {
      expect(screen.getByTestId(`about-go-${name}`)).toBeInTheDocument();
    }
    expect(screen.queryByTestId('account-go-email')).not.toBeInTheDocument();
    expect(screen.queryByTestId('settings-sign-out')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('about-go-language'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.aboutI18n.path));
    // Let the lazily loaded page render while the test's window still exists.
    expect(await screen.findByText('English')).toBeInTheDocument();
  });

  it('says when the version could not be read', async () => {
    mockServer({ [BASIC]: () => failure });
    renderApp(paths.about.path);
    await waitFor(() => expect(screen.getByTestId('about-version')).toHaveTextContent('版本信息加载失败'));
  });

  it('shows a member the bound email and the shortened wallet, each opening its page', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG), 'GET /app-api/biz/biz-user/get': () => ok(USER) });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    const { router } = renderApp(paths.about.path);
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('miner@example.com'));
    expect(screen.getByTestId('account-wallet')).toHaveTextContent('0x7099...79C8');
    expect(screen.getByTestId('account-go-address-book')).toHaveTextContent('地址簿');
    await userEvent.click(screen.getByTestId('account-go-wallet'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindWallet.path));
    expect(await screen.findByTestId('wallet-code-to')).toBeInTheDocument();
  });

  it('says what is not bound yet', async () => {
    mockServer({
      [BASIC]: () => ok(BASIC_CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok({ ...USER, email: null, withdrawAddress: null }),
    });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    renderApp(paths.about.path);
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('未绑定'));
    expect(screen.getByTestId('account-wallet')).toHaveTextContent('未绑定');
  });

  it('signs out after "Confirm Clear Connection?" and opens home', async () => {
    mockServer({
      [BASIC]: () => ok(BASIC_CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
      'POST /app-api/biz/biz-user/logout': () => ok(null),
    });
    await changeLocale('en');
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    const { router } = renderApp(paths.about.path);
    await userEvent.click(await screen.findByTestId('settings-sign-out'));
    expect(await screen.findByText('Confirm Clear Connection?')).toBeInTheDocument();
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState()).toMatchObject({ token: '', address: '', userInfo: null });
  });

  it('signs out from settings after 确认断开连接？, with the session token, and says so', async () => {
    const calls: string[] = [];
    mockServer({
      [BASIC]: () => ok(BASIC_CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
      'POST /app-api/biz/biz-user/logout': ({ init }) => {
        calls.push((init.headers as Record<string, string>).Authorization ?? '');
        return ok(null);
      },
    });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    const { router } = renderApp(paths.about.path);
    const button = await screen.findByTestId('settings-sign-out');
    expect(button).toHaveTextContent('断开连接');
    await userEvent.click(button);
    expect(await screen.findByText('确认断开连接？')).toBeInTheDocument();
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('home-sign-in')).toBeInTheDocument();
    expect(calls).toEqual(['Bearer jwt-1']);
    expect(useSession.getState()).toMatchObject({ token: '', address: '', userInfo: null });
    expect(await screen.findByText('已断开连接')).toBeInTheDocument();
  });

  it('keeps the session when sign-out is cancelled', async () => {
    const fetchMock = mockServer({ [BASIC]: () => ok(BASIC_CONFIG), 'GET /app-api/biz/biz-user/get': () => ok(USER) });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    renderApp(paths.about.path);
    await userEvent.click(await screen.findByTestId('settings-sign-out'));
    await dialogUser.click(await screen.findByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useSession.getState().token).toBe('jwt-1');
    expect(screen.getByTestId('settings-sign-out')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/app-api/biz/biz-user/logout');
  });

  it('is reachable from the My tab', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    const { router } = renderApp(paths.three.path);
    const link = await screen.findByTestId('team-go-settings');
    expect(within(link).getByText('账户与设置')).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.about.path));
    expect(await screen.findByTestId('about-version')).toBeInTheDocument();
  });
});
