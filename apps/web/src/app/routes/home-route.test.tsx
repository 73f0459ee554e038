import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USER = {
  id: '42',
  address: ADDRESS,
  identity: 'silver',
  level: 2,
  email: null,
  withdrawAddress: null,
  inviteCodes: [],
  balances: { GOLD: '1234.5', USDT: '10.999999', BTC: '0.00000999' },
};

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('home tab', () => {
  it('shows the app name and the banners of the basic config', async () => {
    mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('home-app-name')).toHaveTextContent('MineCloud Demo'));
    expect(await screen.findByTestId('home-banners')).toBeInTheDocument();
    // The art carries no text: the banner's title and subtitle are the app's, in the version's language.
    const first = await screen.findByTestId('home-banner-b1');
    expect(first).toHaveTextContent('MiningDaily output');
    expect(first).toHaveAttribute('lang', 'en');
    const art = first.querySelector('img');
    expect(art).toHaveAttribute('src', '/banners/mining.svg');
    expect(art).toHaveAttribute('width', '750');
    expect(art).toHaveAttribute('alt', '');
  });

  it('shows a skeleton while loading, then an error with a retry that works', async () => {
    let fail = true;
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () =>
        fail ? { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } } : ok(BASIC_CONFIG),
    });
    renderApp('/');
    expect(screen.getByTestId('home-banners-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('home-banners-error')).toHaveTextContent('首页内容加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('home-banners')).toBeInTheDocument();
  });

  it('offers sign-in when signed out, keeping the home tab as redirect', async () => {
    mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('home-sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(router.state.location.search).toBe('?redirect=%2F');
  });

  it('leads the balance card with top-up, withdraw and gift, then the address, identity and available balances', async () => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
    });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    renderApp('/');
    const card = await screen.findByTestId('session-card');
    const buttons = within(card).getAllByRole('button');
    expect(buttons.slice(0, 3).map((button) => [button.dataset.testid, button.textContent])).toEqual([
      ['home-action-top-up', '充值'],
      ['home-action-withdraw', '提现'],
      ['home-action-gift', '赠送'],
    ]);
    expect(await screen.findByTestId('home-address')).toHaveTextContent('0xf39F...2266');
    expect(await screen.findByTestId('home-identity')).toHaveTextContent('白银节点');
    // The available balances, as the asset cards show them: truncated, never rounded, grouped; BTC keeps 8 places.
    expect(within(card).getByText('可用余额')).toBeInTheDocument();
    expect(screen.getByTestId('home-balance-gold')).toHaveTextContent('1,234.50');
    expect(screen.getByTestId('home-balance-usdt')).toHaveTextContent('10.99');
    expect(screen.getByTestId('home-balance-btc')).toHaveTextContent('0.00000999');
    // Signing out is in settings, not on the home tab.
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    expect(screen.queryByTestId('settings-sign-out')).not.toBeInTheDocument();
    expect(screen.queryByText('断开连接')).not.toBeInTheDocument();
  });

  it.each([
    ['top-up', paths.topUp.path, '充值'],
    ['withdraw', paths.withdraw.path, '提现'],
    ['gift', paths.transform.path, '赠送'],
  ])('opens %s from the balance card', async (name, path, title) => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
    });
    useSession.setState({ token: 'jwt-1', address: ADDRESS });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId(`home-action-${name}`));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(await screen.findByTestId('nav-title')).toHaveTextContent(title);
  });

  it('switches the language of the interface and of the request headers', async () => {
    const languages: string[] = [];
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': ({ init }) => {
        languages.push((init.headers as Record<string, string>)['Accept-Language'] ?? '');
        return ok(BASIC_CONFIG);
      },
    });
    renderApp('/');
    await userEvent.click(await screen.findByTestId('language-switch'));
    await userEvent.click(await screen.findByTestId('language-option-ko-KR'));
    await waitFor(() => expect(screen.getByTestId('nav-title')).toHaveTextContent('홈'));
    // The session follows once antd-mobile's texts in the language have loaded too.
    await waitFor(() => expect(useSession.getState()).toMatchObject({ language: 'ko_KR', localType: 'ko-KR' }));
    expect(document.documentElement.lang).toBe('ko-KR');
    await waitFor(() => expect(languages).toEqual(['zh-CN', 'ko-KR']));
    expect(screen.getByTestId('tab-home')).toHaveTextContent('홈');
  });

  it("shows the banners in the chosen language, never another language's kept answer", async () => {
    const TITLES: Record<string, string> = { 'zh-CN': '云端挖矿', 'ko-KR': '클라우드 채굴' };
    const language = (init: RequestInit) => (init.headers as Record<string, string>)['Accept-Language'] ?? '';
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': ({ init }) =>
        ok({
          ...BASIC_CONFIG,
          banners: [{ ...BASIC_CONFIG.banners[0], title: TITLES[language(init)], lang: language(init) }],
        }),
    });
    // The Korean answer waits until the test lets it through.
    let answerKorean = () => {};
    const korean = new Promise<void>((resolve) => {
      answerKorean = resolve;
    });
    const server = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (language(init) === 'ko-KR') await korean;
      return server(input, init);
    });
    const { queryClient } = renderApp('/');
    expect(await screen.findByTestId('home-banner-b1')).toHaveTextContent('云端挖矿');
    await userEvent.click(await screen.findByTestId('language-switch'));
    await userEvent.click(await screen.findByTestId('language-option-ko-KR'));
    await waitFor(() => expect(useSession.getState().localType).toBe('ko-KR'));
    expect(screen.getByTestId('home-banners-loading')).toBeInTheDocument();
    expect(screen.queryByText('云端挖矿')).toBeNull();
    answerKorean();
    expect(await screen.findByTestId('home-banner-b1')).toHaveTextContent('클라우드 채굴');
    expect(screen.getByTestId('home-banner-b1')).toHaveAttribute('lang', 'ko-KR');
    expect(
      queryClient.getQueryData<{ banners: { title: string }[] }>(['basic-config', 'zh-CN'])?.banners[0]?.title,
    ).toBe('云端挖矿');
  });

  it('opens an area from its entry', async () => {
    mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('home-entry-prize-pool'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.prizePool.path));
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('奖池');
  });

  it('toasts 暂未开放! for a banner without a link', async () => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () =>
        ok({
          ...BASIC_CONFIG,
          banners: [{ id: 'x', image: '/banners/team.svg', title: 'Team', subtitle: '', link: '', lang: 'en' }],
        }),
    });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('home-banner-x'));
    expect(await screen.findByText('暂未开放!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
