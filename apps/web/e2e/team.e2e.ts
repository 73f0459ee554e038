import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { injectTestWallet, launchChromium, phoneContext, settled, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const MY_TEAM = '/pages/tabbar/three/three';
const SHOP = '/pages/tabbar/second/second';

let browser: Browser;
let inviter: Page;
let newcomer: Page;
let code: string;

const textOf = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
// The app throttles navigation to once per 500 ms (spec point 5).
const pause = () => new Promise((resolve) => setTimeout(resolve, 600));

beforeAll(async () => {
  browser = await launchChromium();
  ({ page: inviter } = await signInAt(browser, baseUrl, MY_TEAM));
});
afterAll(() => browser?.close());

describe('a team in Chromium at 390×844', () => {
  it('shows a new member their empty team and a placement code for each department', async () => {
    await inviter.getByTestId('department-2-code').waitFor();
    code = (await textOf(inviter, 'department-2-code')) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await textOf(inviter, 'team-direct-count')).toBe('0');
    expect(await textOf(inviter, 'department-2-performance')).toBe('0.00');
    // The QR card shows department 1's code first (tabs for the others).
    expect(await textOf(inviter, 'placement-code')).toMatch(/^[A-Z2-9]{8}$/);
    await shot(inviter, 'my-team-empty');
  });

  it('places a newcomer who signs in with the department 2 code, who then buys a miner', async () => {
    const context = await phoneContext(browser);
    newcomer = await context.newPage();
    await injectTestWallet(newcomer, generatePrivateKey());
    await newcomer.goto(`${baseUrl}/#/pages/login/index?code=${code}&redirect=${encodeURIComponent(SHOP)}`);
    expect(await newcomer.getByTestId('invite-code-input').inputValue()).toBe(code);
    await newcomer.getByTestId('wallet-option-org.minecloud.e2e').click();
    await newcomer.waitForFunction((p) => location.hash.startsWith(`#${p}`), SHOP, { timeout: 20_000 });

    await newcomer.getByTestId('miner-buy-1').click();
    await newcomer.getByTestId('buy-form').waitFor();
    await expect.poll(() => textOf(newcomer, 'buy-total')).toBe('100.00');
    await settled(newcomer, '.adm-popup-body');
    await newcomer.getByTestId('buy-submit').click();
    await newcomer.getByText('确认购买？').waitFor();
    await newcomer.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await newcomer.getByText(/购买成功/).waitFor();
  });

  it('shows the inviter the referral, its 10% reward and department 2’s performance', async () => {
    await pause();
    // Team figures are rolled up from purchases within a second here (TEAM_ROLLUP_SECONDS=1).
    await expect
      .poll(
        async () => {
          await inviter.reload();
          await inviter.getByTestId('department-2-performance').waitFor();
          return textOf(inviter, 'department-2-performance');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('100.00');
    expect(await textOf(inviter, 'department-2-new')).toBe('100.00');
    expect(await textOf(inviter, 'department-2-members')).toBe('1');
    expect(await textOf(inviter, 'department-1-performance')).toBe('0.00');
    expect(await textOf(inviter, 'team-total-reward')).toBe('10.00');
    expect(await textOf(inviter, 'team-direct-count')).toBe('1');
    await inviter.getByTestId('referral-reward').first().waitFor();
    expect(await textOf(inviter, 'referral-reward')).toContain('10.00');
    expect(await textOf(inviter, 'referral-address')).toMatch(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
    await shot(inviter, 'my-team');
  });
});
