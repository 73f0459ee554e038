import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import {
  balancesAnswer,
  CONFIG,
  DEMO_BALANCES,
  dialogUser,
  headersOf,
  IDEMPOTENCY_KEY,
  USER,
} from '@/test/fixtures/money';
import { signInBeforeEachTest } from '@/test/page-setup';
import { mockServer, ok, renderApp } from '@/test/render-app';

function server(limits: Record<string, string> = CONFIG.limits) {
  const sent: { body: unknown; key: string }[] = [];
  let balances = DEMO_BALANCES;
  mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok({ ...CONFIG, limits }),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(balances),
    'POST /app-api/asset/topup': ({ body, init }) => {
      sent.push({ body, key: headersOf(init)['Idempotency-Key'] ?? '' });
      balances = { ...DEMO_BALANCES, GOLD: { available: '6025' }, USDT: { available: '989.75' } };
      return ok({ gold: '1025', paidUsdt: '10.25' });
    },
  });
  return { sent };
}

async function type(amount: string) {
  const input = await screen.findByTestId('topup-amount-input');
  await userEvent.clear(input);
  if (amount) await userEvent.type(input, amount);
}

const preview = () => screen.getByTestId('topup-gold-preview').textContent;
const error = () => screen.queryByTestId('topup-amount-input-error')?.textContent ?? null;

signInBeforeEachTest();

describe('top-up', () => {
  it('shows the rate and previews the gold coins, computed exactly', async () => {
    server();
    renderApp(paths.topUp.path);
    expect(await screen.findByTestId('topup-rate')).toHaveTextContent('兑换比例 1 USDT = 100 金币');
    expect(screen.getByTestId('topup-usdt-balance')).toHaveTextContent('1,000.00');
    expect(screen.getByTestId('topup-gold-balance')).toHaveTextContent('5,000.00');
    expect(preview()).toBe('0.00');
    for (const [amount, gold] of [
      ['10.25', '1,025.00'],
      ['0.1', '10.00'],
      ['0.01', '1.00'],
      ['999.99', '99,999.00'],
      ['abc', '0.00'],
      ['1.', '--'],
      ['0.0001', '--'],
      ['0.00001', '--'],
    ]) {
      await type(amount!);
      expect([amount, preview()]).toEqual([amount, gold]);
    }
  });

  it('explains every amount it cannot take', async () => {
    const { sent } = server();
    renderApp(paths.topUp.path);
    await screen.findByTestId('topup-form');
    for (const [amount, message] of [
      ['', '请输入数量'],
      // Letters never get in; a third decimal neither (0.00001 keeps 0.00).
      ['abc', '请输入数量'],
      ['1.', '无效金额'],
      ['0', '金额必须大于0'],
      ['0.00001', '金额必须大于0'],
      ['1000.01', '余额不足'],
    ]) {
      await type(amount!);
      await userEvent.click(screen.getByTestId('topup-submit'));
      expect([amount, error()]).toEqual([amount, message]);
    }
    expect(screen.queryByTestId('confirm-summary')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('fills in the most USDT that converts exactly on 全部', async () => {
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
      'GET /app-api/biz/biz-user/get': () => ok(USER),
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({ ...DEMO_BALANCES, USDT: { available: '12.345678' } }),
    });
    renderApp(paths.topUp.path);
    await userEvent.click(await screen.findByTestId('topup-amount-all'));
    expect(screen.getByTestId('topup-amount-input')).toHaveValue('12.34');
    expect(preview()).toBe('1,234.00');
  });

  it('confirms what is paid and received, then tops up with an Idempotency-Key', async () => {
    const { sent } = server();
    renderApp(paths.topUp.path);
    await type('10.25');
    await userEvent.click(screen.getByTestId('topup-submit'));
    const summary = await screen.findByTestId('confirm-summary');
    expect(within(summary).getByTestId('topup-confirm-pay')).toHaveTextContent('10.25 USDT');
    expect(within(summary).getByTestId('topup-confirm-gold')).toHaveTextContent('1,025.00 金币');
    await dialogUser.click(screen.getByTestId('dialog-confirm'));
    expect(await screen.findByText('充值成功，获得 1,025.00 金币')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { amountUsdt: '10.25' }, key: expect.stringMatching(IDEMPOTENCY_KEY) }]);
    await waitFor(() => expect(screen.getByTestId('topup-gold-balance')).toHaveTextContent('6,025.00'));
    expect(screen.getByTestId('topup-usdt-balance')).toHaveTextContent('989.75');
    expect(screen.getByTestId('topup-amount-input')).toHaveValue('');
  });

  it('says top-up is unavailable without a rate in the config', async () => {
    server({ transferAssets: 'GOLD,USDT' });
    renderApp(paths.topUp.path);
    expect(await screen.findByTestId('topup-unavailable')).toHaveTextContent('该功能暂不可用');
  });
});
