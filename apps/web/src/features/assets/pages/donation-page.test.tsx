import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import {
  balancesAnswer,
  CONFIG,
  DEMO_BALANCES,
  dialogUser,
  headersOf,
  IDEMPOTENCY_KEY,
  USER,
} from '@/test/fixtures/money';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { mockServer, ok, renderApp } from '@/test/render-app';

const AT = new Date(2024, 11, 31, 23, 59, 1).toISOString();

function server() {
  const sent: { body: unknown; key: string }[] = [];
  const donations: { id: string; address: string; asset: string; amount: string; createdAt: string }[] = [];
  mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
    'GET /app-api/donate_logs/list': () => ok({ list: [...donations].reverse(), total: donations.length }),
    'POST /app-api/donate_logs/clickDonate': ({ body, init }) => {
      sent.push({ body, key: headersOf(init)['Idempotency-Key'] ?? '' });
      const { asset, amount } = body as { asset: string; amount: string };
      donations.push({ id: String(donations.length + 1), address: '0xf39F...2266', asset, amount, createdAt: AT });
      return ok({ donationId: String(donations.length) });
    },
  });
  return { sent, donations };
}

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

async function donate(amount: string, asset: 'GOLD' | 'USDT' = 'USDT') {
  await userEvent.click(await screen.findByTestId(`donation-asset-${asset}`));
  const input = screen.getByTestId('donation-amount-input');
  await userEvent.clear(input);
  if (amount) await userEvent.type(input, amount);
  await userEvent.click(screen.getByTestId('donation-submit'));
}

const error = () => screen.queryByTestId('donation-amount-input-error')?.textContent ?? null;

describe('donation', () => {
  it('asks for the amount with the spec texts and an empty public list', async () => {
    const { sent } = server();
    renderApp(paths.donate.path);
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('爱心捐赠');
    expect(await screen.findByTestId('donations-empty')).toHaveTextContent('暂无捐赠记录');
    expect(screen.getByTestId('donation-amount-input')).toHaveAttribute('placeholder', '请输入捐赠金额');
    expect(await screen.findByTestId('donation-available')).toHaveTextContent(/^5,000\.00$/);
    await donate('');
    expect(error()).toBe('请输入捐赠金额');
    await donate('x');
    expect(screen.getByTestId('donation-amount-input')).toHaveValue('');
    expect(error()).toBe('请输入捐赠金额');
    await donate('2.');
    expect(error()).toBe('无效金额');
    await donate('0.001', 'GOLD');
    expect(screen.getByTestId('donation-amount-input')).toHaveValue('0.00');
    expect(error()).toBe('金额必须大于0');
    await donate('5000.01', 'GOLD');
    expect(error()).toBe('余额不足');
    expect(sent).toEqual([]);
  });

  it('says "Enter Donation Amount" and "Invalid Amount" in English', async () => {
    server();
    await changeLocale('en');
    renderApp(paths.donate.path);
    await donate('');
    expect(error()).toBe('Enter Donation Amount');
    await donate('1.');
    expect(error()).toBe('Invalid Amount');
  });

  it('donates after a confirm, with an Idempotency-Key, and lists the donation publicly', async () => {
    const { sent } = server();
    renderApp(paths.donate.path);
    await screen.findByTestId('donations-empty');
    await donate('1066.6', 'GOLD');
    const summary = await screen.findByTestId('confirm-summary');
    expect(within(summary).getByText('确认捐赠')).toBeInTheDocument();
    expect(within(summary).getByTestId('donation-confirm-amount')).toHaveTextContent('1,066.60 金币');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    expect(await screen.findByText('捐赠成功，感谢您的爱心')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { asset: 'GOLD', amount: '1066.6' }, key: expect.stringMatching(IDEMPOTENCY_KEY) }]);

    const row = await screen.findByTestId('donation-1');
    expect(within(row).getByTestId('donation-address')).toHaveTextContent('0xf39F...2266');
    expect(within(row).getByTestId('donation-amount')).toHaveTextContent('1,066.60 金币');
    expect(within(row).getByTestId('donation-time')).toHaveTextContent('2024-12-31 23:59:01');
    await waitFor(() => expect(screen.getByTestId('list-finished')).toHaveTextContent('已加载完毕'));
    expect(screen.getByTestId('donation-amount-input')).toHaveValue('');
  });

  it('donates once on a double tap: one confirm, one call', async () => {
    const { sent } = server();
    renderApp(paths.donate.path);
    await userEvent.type(await screen.findByTestId('donation-amount-input'), '2');
    await doubleTap(screen.getByTestId('donation-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByText('捐赠成功，感谢您的爱心')).toBeInTheDocument();
    await pause();
    expect(sent).toHaveLength(1);
  });
});
