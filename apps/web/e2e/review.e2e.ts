import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchChromium,
  mailedCode,
  memberToken,
  type OperatorCall,
  operatorSession,
  SCREENSHOTS,
  signInAt,
  signInToConsole,
} from './browser.ts';

/**
 * The finance review in Chromium at 1280×800: two members withdraw to one address, one of them after
 * a rejection; an operator signs in to the console, opens the withdrawals queue and sees, on the
 * seeded row, the risk flags and the member's context (balances, age, money in and out, adjustments).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: OperatorCall;
let desk: BrowserContext;
let console_: Page;

type Withdraw = (amount: string, address: string) => Promise<string>;

/**
 * A member signed in through the app (demo mode: the welcome balances are adjustments), with a bound
 * email; answers a way to ask for one withdrawal (one confirm code a minute per member).
 */
async function withdrawingMember(): Promise<Withdraw> {
  const signedIn = await signInAt(browser, baseUrl, '/pages/my_child/feedback/feedback');
  const token = await memberToken(signedIn.page);
  await signedIn.context.close();
  const call = async (path: string, body: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}/app-api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: unknown };
  };
  const code = () => mailedCode(admin, email).catch(() => '');
  const email = `review-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await call('member/sendEmailCode', { email })).code).toBe(0);
  await expect.poll(code, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  expect((await call('member/bindEmail', { email, code: await code() })).code).toBe(0);
  return async (amount, address) => {
    const bindCode = await code();
    expect((await call('member/sendEmailCode', {})).code).toBe(0);
    await expect.poll(code, { timeout: 15_000 }).not.toBe(bindCode);
    const answer = await call(
      'biz/user-usdt-record/withdraw',
      { amount, address, emailCode: await code() },
      { 'idempotency-key': `review-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    );
    expect(answer.code).toBe(0);
    return (answer.data as { withdrawalId: string }).withdrawalId;
  };
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
  desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  console_ = await desk.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the finance review queue in Chromium', () => {
  it('shows the risk columns of a seeded withdrawal: an address another member used, adjustments received', async () => {
    const shared = privateKeyToAccount(generatePrivateKey()).address;
    const other = await withdrawingMember();
    const theirs = await other('15', shared);
    await admin('POST', 'withdrawals/reject', { id: theirs, reason: 'Source of funds unclear' });
    const id = await (await withdrawingMember())('12.5', shared);

    await signInToConsole(console_, baseUrl, inject('operatorPassword'), inject('operatorTotpSecret'));
    await console_.goto(`${baseUrl}/admin/withdrawals`);
    for (const column of ['Risk', 'Member balances', 'Member history', 'Adjustments received']) {
      await console_.getByRole('columnheader', { name: column }).waitFor();
    }
    const row = console_.getByRole('row').filter({ has: console_.getByRole('cell', { name: id, exact: true }) });
    const flags = row.getByTestId('risk-flags');
    await flags.getByText('Address used by other members: 1').waitFor();
    // Demo mode's welcome (1,000 USDT and 5,000 GOLD) came as adjustments: flagged, and listed.
    await flags.getByText('Adjustments received: 2').waitFor();
    await flags.getByText('New address').waitFor();
    expect(await flags.getByText('Rejected before', { exact: false }).count()).toBe(0);
    expect(await row.getByTestId('member-balances').textContent()).toBe(
      'Available 5,000 GOLDAvailable 987.5 USDT · frozen 12.5 USDT',
    );
    expect(await row.getByTestId('member-history').textContent()).toBe(
      'Joined todayDeposited 0 USDTWithdrawn 0 USDTPending 12.5 USDT',
    );
    await row.getByText('1,000 USDT').waitFor();
    await row.getByText('5,000 GOLD').first().waitFor();
    await console_.screenshot({ path: `${SCREENSHOTS}/console-review-queue.png`, fullPage: true });
  }, 120_000);
});
