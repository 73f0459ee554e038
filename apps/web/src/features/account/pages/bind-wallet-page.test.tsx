import { API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { callsTo, failure } from '@/test/calls';
import { doubleTap, pause } from '@/test/double-tap';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { accountServer, refusal, signIn, USER, WALLET } from '../testing/account-fixtures';

const WITH_EMAIL = { ...USER, email: 'miner@example.com' };

signInBeforeEachTest(signIn);
chineseAfterEachTest();

async function fill(address: string, code = '123456') {
  await userEvent.type(screen.getByTestId('wallet-address-input'), address);
  await userEvent.type(screen.getByTestId('wallet-code'), code);
  await userEvent.click(screen.getByTestId('bind-wallet-submit'));
}

describe('wallet binding', () => {
  it('asks a member without an email to bind one first', async () => {
    const fetchMock = accountServer(USER);
    const { router } = renderApp(paths.bindWallet.path);
    expect(await screen.findByTestId('wallet-needs-email')).toHaveTextContent('请先绑定邮箱');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('绑定钱包');
    expect(screen.queryByTestId('bind-wallet-form')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('wallet-go-bind-email'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.bindEmail.path));
    expect(callsTo(fetchMock, API.sendEmailCode)).toEqual([]);
  });

  it('says Bind Email First in English', async () => {
    await changeLocale('en');
    accountServer(USER);
    renderApp(paths.bindWallet.path);
    expect(await screen.findByTestId('wallet-needs-email')).toHaveTextContent('Bind Email First');
  });

  it('refuses an address whose checksum does not hold, or that is no address, before asking the server', async () => {
    const fetchMock = accountServer(WITH_EMAIL);
    renderApp(paths.bindWallet.path);
    await screen.findByTestId('bind-wallet-form');
    // One letter's case changed from the checksummed form.
    await fill(WALLET.replace('C51812', 'c51812'));
    expect(screen.getByTestId('wallet-address-input-error')).toHaveTextContent('地址无效');
    // The box shows the start of a long address; the whole of it is spelled out under it.
    expect(screen.getByTestId('wallet-address-preview')).toHaveTextContent(WALLET.replace('C51812', 'c51812'));
    await userEvent.clear(screen.getByTestId('wallet-address-input'));
    await userEvent.type(screen.getByTestId('wallet-address-input'), 'TXyz1234');
    expect(screen.getByTestId('wallet-address-input-error')).toHaveTextContent('地址无效');
    await userEvent.clear(screen.getByTestId('wallet-address-input'));
    expect(screen.getByTestId('wallet-address-input-error')).toHaveTextContent('请输入提现地址');
    expect(callsTo(fetchMock, API.bindWallet)).toEqual([]);
  });

  it('says Invalid Address in English', async () => {
    await changeLocale('en');
    accountServer(WITH_EMAIL);
    renderApp(paths.bindWallet.path);
    await screen.findByTestId('bind-wallet-form');
    await fill(`${WALLET.slice(0, -1)}9`);
    expect(screen.getByTestId('wallet-address-input-error')).toHaveTextContent('Invalid Address');
  });

  it('sends the code to the bound email and binds the address', async () => {
    let user = WITH_EMAIL;
    const fetchMock = accountServer(WITH_EMAIL, {
      'GET /app-api/biz/biz-user/get': () => ({ body: { code: 0, data: user, msg: '' } }),
    });
    renderApp(paths.bindWallet.path);
    expect(await screen.findByTestId('current-wallet')).toHaveTextContent('未绑定');
    expect(screen.getByTestId('wallet-code-to')).toHaveTextContent('验证码将发送至 miner@example.com');

    await userEvent.click(screen.getByTestId('wallet-code-send'));
    expect(await screen.findByText('验证码已发送至 miner@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.sendEmailCode).map((call) => call.body)).toEqual([{}]);
    await waitFor(() => expect(screen.getByTestId('wallet-code-send')).toHaveTextContent('60秒后重发'));

    user = { ...WITH_EMAIL, withdrawAddress: WALLET };
    await fill(WALLET.toLowerCase(), '654321');
    expect(await screen.findByText('提现地址已更新')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.bindWallet).map((call) => call.body)).toEqual([
      { address: WALLET.toLowerCase(), code: '654321' },
    ]);
  });

  it('shows the bound address shortened, and the server’s refusals', async () => {
    let answer = refusal(ERROR_CODES.emailCodeWrong, '验证码错误');
    accountServer({ ...WITH_EMAIL, withdrawAddress: WALLET }, { [`POST /app-api/${API.bindWallet}`]: () => answer });
    renderApp(paths.bindWallet.path);
    expect(await screen.findByTestId('current-wallet-address')).toHaveTextContent('0x7099...79C8');
    await fill('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '000000');
    expect(await screen.findByTestId('wallet-code-error')).toHaveTextContent('验证码错误');

    answer = refusal(ERROR_CODES.emailCodeUsed, '该验证码已使用，请重新获取');
    await userEvent.click(screen.getByTestId('bind-wallet-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('wallet-code-error')).toHaveTextContent('该验证码已使用，请重新获取'),
    );

    answer = refusal(ERROR_CODES.bindEmailFirst, '请先绑定邮箱');
    await userEvent.click(screen.getByTestId('bind-wallet-submit'));
    expect(await screen.findByText('请先绑定邮箱')).toBeInTheDocument();
  });

  it('offers a retry when the member cannot be loaded', async () => {
    let fail = true;
    accountServer(WITH_EMAIL, {
      'GET /app-api/biz/biz-user/get': () => (fail ? failure : { body: { code: 0, data: WITH_EMAIL, msg: '' } }),
    });
    renderApp(paths.bindWallet.path);
    expect(await screen.findByTestId('account-error')).toHaveTextContent('账户信息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('bind-wallet-form')).toBeInTheDocument();
  });

  it('binds once on a double tap', async () => {
    const fetchMock = accountServer(WITH_EMAIL);
    renderApp(paths.bindWallet.path);
    await userEvent.type(await screen.findByTestId('wallet-address-input'), WALLET);
    await userEvent.type(screen.getByTestId('wallet-code'), '123456');
    await doubleTap(screen.getByTestId('bind-wallet-submit'));
    expect(await screen.findByText('提现地址已更新')).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, API.bindWallet).map((call) => call.body)).toEqual([{ address: WALLET, code: '123456' }]);
  });
});
