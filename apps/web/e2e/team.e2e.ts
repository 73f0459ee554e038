import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { injectTestWallet, launchChromium, memberToken, phoneContext, settled, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const MY_TEAM = '/pages/tabbar/three/three';
const TEAM_TAB = '/pages/tabbar/team/team';
const POOL = '/pages/my_child/prizepool/prizepool';
const SHOP = '/pages/tabbar/second/second';

let browser: Browser;
let inviter: Page;
let newcomer: Page;
let code: string;

const textOf = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
// The app throttles navigation to once per 500 ms (lib/navigation.ts).
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

  it('ranks the inviter in the prize pool by the new performance the team tab shows, and says what it counts', async () => {
    expect(await textOf(inviter, 'team-new-total')).toContain('100.00 U');
    // The inviter joins today's round with 10 of the demo's welcome gold coins.
    const forged = await fetch(`${baseUrl}/app-api/prizePool/forge`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await memberToken(inviter)}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ amount: '10' }),
    });
    expect(((await forged.json()) as { code: number }).code).toBe(0);
    await pause();
    await inviter.goto(`${baseUrl}/#${POOL}`);
    await expect
      .poll(() => textOf(inviter, 'pool-my-new-performance'), { timeout: 15_000 })
      .toBe('我的团队本轮新增业绩：100.00 U');
    expect(await textOf(inviter, 'pool-ranking-rule')).toContain('您自己的购买计入邀请人的业绩，不计入自己');
    // Its place in the first page of the ranking (other files' members may take part too).
    const mine = inviter.locator('.pool-rank.is-mine');
    if ((await mine.count()) > 0) expect(await mine.getByTestId('pool-rank-performance').textContent()).toBe('100.00');
    await shot(inviter, 'pool-team-new-performance');

    // The newcomer's own 100 U count for the inviter: their pool figure is 0, and both screens say why.
    await newcomer.goto(`${baseUrl}/#${POOL}`);
    await expect
      .poll(() => textOf(newcomer, 'pool-my-new-performance'), { timeout: 15_000 })
      .toBe('我的团队本轮新增业绩：0.00 U');
    await pause();
    await newcomer.goto(`${baseUrl}/#${TEAM_TAB}`);
    await expect.poll(() => textOf(newcomer, 'community-day'), { timeout: 15_000 }).toContain('含各自本人的购买');
    expect(await textOf(newcomer, 'community-day')).toContain('奖池只按各自团队的新增业绩排名');
  });
});
