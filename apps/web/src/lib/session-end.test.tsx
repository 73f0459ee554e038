import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { confirmEveryPrompt } from '@/test/double-tap';
import { balancesAnswer, CONFIG, DEMO_BALANCES, USER } from '@/test/fixtures/money';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { mockServer, ok, renderApp } from '@/test/render-app';
import { useSession } from './session';

signInBeforeEachTest();
chineseAfterEachTest();

const UNAUTHORIZED = { status: 401, body: { code: 401, data: null, msg: '请先登录' } };

/** A signed-in member whose token the server no longer takes for the calls `refused`. */
function server(...refused: string[]) {
  const handlers = {
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
    'GET /app-api/donate_logs/list': () => ok({ list: [], total: 0 }),
    'POST /app-api/donate_logs/clickDonate': () => ok({ donationId: '1' }),
  };
  return mockServer({ ...handlers, ...Object.fromEntries(refused.map((call) => [call, () => UNAUTHORIZED])) });
}

describe('a session that ends', () => {
  it('a 401 answering a confirmed donation relaunches home, not the login page, and says the session ended', async () => {
    server('POST /app-api/donate_logs/clickDonate');
    const { router } = renderApp(paths.donate.path);
    await userEvent.click(await screen.findByTestId('donation-asset-USDT'));
    await userEvent.type(screen.getByTestId('donation-amount-input'), '5');
    await userEvent.click(screen.getByTestId('donation-submit'));
    await confirmEveryPrompt();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('登录已失效，请重新登录')).toBeInTheDocument();
    expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();
    // Settled at home: nothing moves on to the login page afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().token).toBe('');

    // Signed out now, a private page asks to sign in as before.
    await router.navigate(paths.donate.path);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
  });

  it('an expired token found on opening a page says so once, in the member’s language, at home', async () => {
    // Two of the page's first calls are refused: one message.
    server('GET /app-api/biz/biz-user/get', 'GET /app-api/biz/biz-user/get/earnings');
    await changeLocale('en');
    const { router } = renderApp(paths.assetsList.path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Your session has ended. Please sign in again')).toBeInTheDocument();
    expect(screen.getAllByText('Your session has ended. Please sign in again')).toHaveLength(1);
  });
});
