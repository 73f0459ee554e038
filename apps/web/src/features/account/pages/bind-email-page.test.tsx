import { API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo } from '@/test/calls';
import { USER as WALLET_USER, walletServer } from '@/test/fixtures/wallet';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { accountServer, refusal, signIn, USER } from '../testing/account-fixtures';

signInBeforeEachTest(signIn);
chineseAfterEachTest();

const sendButton = () => screen.getByTestId('email-code-send');

describe('email binding', () => {
  it('sends a code to the typed email, counts down, binds, and goes back to settings', async () => {
    let user = USER;
    const fetchMock = accountServer(USER, {
      'GET /app-api/biz/biz-user/get': () => ({ body: { code: 0, data: user, msg: '' } }),
    });
    const { router } = renderApp(paths.about.path);
    await userEvent.click(await screen.findByTestId('account-go-email'));
    expect(await screen.findByTestId('current-email')).toHaveTextContent('未绑定');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('绑定邮箱');

    await userEvent.type(screen.getByTestId('email-input'), ' Miner@Example.com ');
    await userEvent.click(sendButton());
    expect(await screen.findByText('验证码已发送至 Miner@Example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.sendEmailCode).map((call) => call.body)).toEqual([{ email: 'Miner@Example.com' }]);
    await waitFor(() => expect(sendButton()).toHaveTextContent('60秒后重发'));
    expect(sendButton()).toBeDisabled();

    await userEvent.type(screen.getByTestId('email-code'), '12a3456');
    expect(screen.getByTestId('email-code')).toHaveValue('123456');
    user = { ...USER, email: 'miner@example.com' };
    // Navigation runs at most once per 500 ms; a member takes longer than this test to get here.
    resetNavigationThrottle();
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByText('邮箱绑定成功')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.bindEmail).map((call) => call.body)).toEqual([
      { email: 'Miner@Example.com', code: '123456' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.about.path));
    await waitFor(() => expect(screen.getByTestId('account-email')).toHaveTextContent('miner@example.com'));
  });

  it('asks for an email, a well-formed one, and the code, before asking the server', async () => {
    const fetchMock = accountServer(USER);
    renderApp(paths.bindEmail.path);
    await screen.findByTestId('bind-email-form');
    await userEvent.click(sendButton());
    expect(screen.getByTestId('email-input-error')).toHaveTextContent('请输入邮箱');
    await userEvent.type(screen.getByTestId('email-input'), 'miner@example');
    expect(screen.getByTestId('email-input-error')).toHaveTextContent('邮箱格式不正确');
    await userEvent.type(screen.getByTestId('email-input'), '.com');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(screen.queryByTestId('email-input-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('email-code-error')).toHaveTextContent('请输入6位数字验证码');
    expect(sendButton()).toHaveTextContent('发送验证码');
    expect(callsTo(fetchMock, API.sendEmailCode)).toEqual([]);
    expect(callsTo(fetchMock, API.bindEmail)).toEqual([]);
  });

  it('says Enter Email in English', async () => {
    await changeLocale('en');
    accountServer(USER);
    renderApp(paths.bindEmail.path);
    await screen.findByTestId('bind-email-form');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(screen.getByTestId('email-input-error')).toHaveTextContent('Enter Email');
  });

  it('shows the server’s refusals under the field they are about, and keeps the form', async () => {
    let answer = refusal(ERROR_CODES.emailCodeWrong, '验证码错误');
    const fetchMock = accountServer(
      { ...USER, email: 'old@example.com' },
      { [`POST /app-api/${API.bindEmail}`]: () => answer },
    );
    const { router } = renderApp(paths.bindEmail.path);
    expect(await screen.findByTestId('current-email')).toHaveTextContent('old@example.com');
    await userEvent.type(screen.getByTestId('email-input'), 'new@example.com');
    await userEvent.type(screen.getByTestId('email-code'), '000000');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByTestId('email-code-error')).toHaveTextContent('验证码错误');

    answer = refusal(ERROR_CODES.emailCodeExpired, '验证码已过期，请重新获取');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    await waitFor(() => expect(screen.getByTestId('email-code-error')).toHaveTextContent('验证码已过期，请重新获取'));

    answer = refusal(ERROR_CODES.emailTaken, '该邮箱已被其他账户绑定');
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByTestId('email-input-error')).toHaveTextContent('该邮箱已被其他账户绑定');
    expect(screen.queryByTestId('email-code-error')).not.toBeInTheDocument();

    answer = { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } } as typeof answer;
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.bindEmail)).toHaveLength(4);
    expect(router.state.location.pathname).toBe(paths.bindEmail.path);
    expect(screen.getByTestId('email-input')).toHaveValue('new@example.com');
  });

  it('waits a minute all the same when a code was sent under a minute ago', async () => {
    accountServer(USER, {
      [`POST /app-api/${API.sendEmailCode}`]: () => ({
        status: 429,
        body: { code: 429, data: null, msg: '请求过于频繁，请稍后再试' },
      }),
    });
    renderApp(paths.bindEmail.path);
    await userEvent.type(await screen.findByTestId('email-input'), 'miner@example.com');
    await userEvent.click(sendButton());
    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toHaveTextContent('60秒后重发'));
    expect(sendButton()).toBeDisabled();
  });

  it('lets the button be pressed again when sending failed otherwise', async () => {
    accountServer(USER, {
      [`POST /app-api/${API.sendEmailCode}`]: () => refusal(ERROR_CODES.emailTaken, '该邮箱已被其他账户绑定'),
    });
    renderApp(paths.bindEmail.path);
    await userEvent.type(await screen.findByTestId('email-input'), 'taken@example.com');
    await userEvent.click(sendButton());
    expect(await screen.findByText('该邮箱已被其他账户绑定')).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent('发送验证码');
    expect(sendButton()).toBeEnabled();
  });
});

describe('email binding asked for by another page', () => {
  const WITHDRAW_BTC = paths.withdraw.href({ asset: 'BTC' });

  /** The member (with a withdrawal wallet, the withdraw page's config and balances) without an email until it is bound. */
  function serverBindingOnce() {
    let user = { ...WALLET_USER, email: null as string | null };
    return walletServer(
      {
        'GET /app-api/biz/biz-user/get': () => ok(user),
        [`POST /app-api/${API.sendEmailCode}`]: () => ok(null),
        [`POST /app-api/${API.bindEmail}`]: () => {
          user = { ...user, email: 'miner@example.com' };
          return ok(null);
        },
      },
      user,
    );
  }

  async function bind() {
    await userEvent.type(await screen.findByTestId('email-input'), 'miner@example.com');
    await userEvent.type(screen.getByTestId('email-code'), '123456');
    resetNavigationThrottle();
    await userEvent.click(screen.getByTestId('bind-email-submit'));
    expect(await screen.findByText('邮箱绑定成功')).toBeInTheDocument();
  }

  it('returns to the withdraw page, with its asset, once the email is bound', { timeout: 20_000 }, async () => {
    const fetchMock = serverBindingOnce();
    const { router } = renderApp(WITHDRAW_BTC);
    await userEvent.click(await screen.findByTestId('withdraw-go-bind-email'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindEmail.path));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(WITHDRAW_BTC);

    await bind();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(WITHDRAW_BTC));
    // A step back to the page that sent the member, not a second copy of it.
    expect(router.state.historyAction).toBe('POP');
    await waitFor(() => expect(screen.queryByTestId('withdraw-needs-email')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, API.bindEmail)).toHaveLength(1);
  });

  it('goes to the redirect in place of the form when the page was opened directly with it', {
    timeout: 20_000,
  }, async () => {
    serverBindingOnce();
    const { router } = renderApp(paths.bindEmail.href({ redirect: WITHDRAW_BTC }));
    await bind();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(WITHDRAW_BTC));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['https://evil.example/', '//evil.example/withdraw', '/\\evil.example', 'pages/my_child/withdraw/withdraw'])(
    'ignores a redirect that leaves the app (%s) and goes back as usual',
    async (redirect) => {
      serverBindingOnce();
      const { router } = renderApp(paths.bindEmail.href({ redirect }));
      await bind();
      // Opened directly, going back means the home tab.
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );
});
