import { API } from '@minecloud/contract/api-paths';
import { ERROR_CODES } from '@minecloud/contract/errors';
import type { SavedAddress } from '@minecloud/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { callsTo } from '@/test/calls';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import { dialogUser } from '@/test/fixtures/money';
import { OTHER_WALLET, signIn, USER, WALLET, walletServer } from '@/test/fixtures/wallet';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';

const LATER = '2030-01-02T03:04:00.000Z';
const saved = (id: string, over: Partial<SavedAddress> = {}): SavedAddress => ({
  id,
  address: WALLET,
  label: '我的交易所',
  usableAt: '2024-06-01T00:00:00.000Z',
  usable: true,
  createdAt: '2024-06-01T00:00:00.000Z',
  ...over,
});
const WAITING = saved('2', { address: OTHER_WALLET, label: 'Cold', usable: false, usableAt: LATER });
const refusal = (code: number, msg: string) => ({ body: { code, data: null, msg } });

type Answer = { status?: number; body: unknown };

function server(options: { list?: SavedAddress[]; waitHours?: number; save?: () => Answer | undefined } = {}) {
  let list = options.list ?? [saved('1'), WAITING];
  return walletServer({
    [`GET /app-api/${API.addressBook}`]: () => ok({ list, waitHours: options.waitHours ?? 24 }),
    [`POST /app-api/${API.addressAdd}`]: ({ body }: { body: unknown }) => {
      const answer = options.save?.();
      if (answer) return answer;
      const entry = saved('3', { ...(body as object), usable: false, usableAt: LATER });
      list = [entry, ...list];
      return ok(entry);
    },
    [`POST /app-api/${API.addressRemove}`]: ({ body }: { body: unknown }) => {
      list = list.filter((entry) => entry.id !== (body as { id: string }).id);
      return ok(null);
    },
    [`POST /app-api/${API.sendEmailCode}`]: () => ok(null),
  });
}

async function type(testId: string, value: string) {
  const input = await screen.findByTestId(testId);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

signInBeforeEachTest(signIn);
chineseAfterEachTest();

describe('the address book', () => {
  it('lists each address with its label, and from when it can be paid', async () => {
    server();
    renderApp(paths.addressBook.path);
    expect(await screen.findByTestId('address-book-note')).toHaveTextContent(
      '新保存的地址需等待 24 小时后才能用于提现',
    );
    expect(screen.getByTestId('nav-title')).toHaveTextContent('地址簿');
    const items = screen.getAllByTestId('address-book-item');
    expect(items.map((item) => item.dataset.address)).toEqual([WALLET, OTHER_WALLET]);
    expect(within(items[0] as HTMLElement).getByTestId('saved-address-label')).toHaveTextContent('我的交易所');
    expect(within(items[0] as HTMLElement).getByTestId('saved-address-state')).toHaveTextContent('可用');
    expect(within(items[0] as HTMLElement).getByText(/0x7099\.\.\.79C8/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByTestId('saved-address-state')).toHaveTextContent(
      `${formatLocalTime(LATER)} 起可用`,
    );
  });

  it('says so when there is none, and in English', async () => {
    await changeLocale('en');
    server({ list: [], waitHours: 0 });
    renderApp(paths.addressBook.path);
    expect(await screen.findByTestId('address-book-empty')).toHaveTextContent('No saved addresses yet');
    expect(screen.getByTestId('address-book-note')).toHaveTextContent('Save the addresses you withdraw to');
    expect(screen.getByTestId('address-add-submit')).toHaveTextContent('Save address');
  });

  it('checks every field before asking, then saves once on a double tap', async () => {
    const fetchMock = server();
    renderApp(paths.addressBook.path);
    await screen.findByTestId('address-book-list');
    await userEvent.click(screen.getByTestId('address-add-submit'));
    expect(screen.getByTestId('address-label-input-error')).toHaveTextContent('请输入地址备注');
    expect(screen.getByTestId('address-add-input-error')).toHaveTextContent('请输入提现地址');
    expect(screen.getByTestId('address-add-code-error')).toHaveTextContent('请输入邮箱验证码');
    await type('address-add-input', WALLET.replace('C51812', 'c51812'));
    expect(screen.getByTestId('address-add-input-error')).toHaveTextContent('地址无效');
    expect(callsTo(fetchMock, API.addressAdd)).toEqual([]);

    await type('address-label-input', ' 冷钱包 ');
    await type('address-add-input', '0x90F79bf6EB2c4f870365E785982E1f101E93b906');
    await type('address-add-code', '123456');
    await doubleTap(screen.getByTestId('address-add-submit'));
    expect(await screen.findByText('地址已保存')).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, API.addressAdd).map((call) => call.body)).toEqual([
      { label: '冷钱包', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', emailCode: '123456' },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('address-book-item')).toHaveLength(3));
    // The form is empty again for the next address.
    expect(screen.getByTestId('address-add-input')).toHaveValue('');
  });

  it('shows the server’s refusal under its field', async () => {
    let answer: Answer = refusal(ERROR_CODES.addressAlreadySaved, '该地址已在地址簿中');
    server({ save: () => answer });
    renderApp(paths.addressBook.path);
    await type('address-label-input', 'A');
    await type('address-add-input', WALLET);
    await type('address-add-code', '123456');
    await userEvent.click(screen.getByTestId('address-add-submit'));
    expect(await screen.findByTestId('address-add-input-error')).toHaveTextContent('该地址已在地址簿中');
    answer = refusal(ERROR_CODES.emailCodeWrong, '验证码错误');
    await type('address-add-code', '000000');
    await userEvent.click(screen.getByTestId('address-add-submit'));
    expect(await screen.findByTestId('address-add-code-error')).toHaveTextContent('验证码错误');
    expect(screen.queryByTestId('address-add-input-error')).not.toBeInTheDocument();
  });

  it('removes an address only after the member confirms', async () => {
    const fetchMock = server();
    renderApp(paths.addressBook.path);
    const [first] = await screen.findAllByTestId('address-book-remove');
    expect(first).toHaveAccessibleName('删除 我的交易所');
    await dialogUser.click(first as HTMLElement);
    expect(await screen.findByText(/删除地址“我的交易所”？再次使用前需要重新保存并等待 24 小时/)).toBeInTheDocument();
    await dialogUser.click(screen.getByTestId('dialog-cancel'));
    await pause();
    expect(callsTo(fetchMock, API.addressRemove)).toEqual([]);

    await dialogUser.click(screen.getAllByTestId('address-book-remove')[0] as HTMLElement);
    // jsdom keeps the cancelled dialog (its closing animation never ends): its button settles nothing.
    await confirmEveryPrompt();
    expect(await screen.findByText('地址已删除')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.addressRemove).map((call) => call.body)).toEqual([{ id: '1' }]);
    await waitFor(() => expect(screen.getAllByTestId('address-book-item')).toHaveLength(1));
  });

  it('asks a member without an email to bind one first', async () => {
    walletServer({}, { ...USER, email: null });
    renderApp(paths.addressBook.path);
    expect(await screen.findByTestId('withdraw-needs-email')).toHaveTextContent('请先绑定邮箱');
    expect(screen.queryByTestId('address-add-form')).not.toBeInTheDocument();
  });
});
