import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogSettled, injectTestWallet, launchChromium, phoneContext, shot } from './browser.ts';

const baseUrl = inject('baseUrl');
const ASSETS_PATH = '/pages/my_child/assetslist/assetslist';

type Member = { context: BrowserContext; page: Page; address: string; id: string };

let browser: Browser;
let alice: Member;
let bob: Member;

const shorten = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** A new member signs in with an injected wallet and lands on My assets; demo mode credits them. */
async function signIn(): Promise<Member> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const account = await injectTestWallet(page, generatePrivateKey());
  await page.goto(`${baseUrl}/#${ASSETS_PATH}`);
  await page.getByTestId('wallet-option-org.minecloud.e2e').click();
  await page.waitForFunction((path) => location.hash.startsWith(`#${path}`), ASSETS_PATH, { timeout: 20_000 });
  await page.waitForFunction(() =>
    /^\d+$/.test(document.querySelector('[data-testid="member-id"]')?.textContent ?? ''),
  );
  const id = (await page.getByTestId('member-id').textContent()) ?? '';
  return { context, page, address: account.address, id };
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

/** Opens My assets afresh, as a member coming back to the app does. */
async function openAssets(member: Member) {
  await member.page.goto(`${baseUrl}/#${ASSETS_PATH}`);
  await member.page.reload();
  await member.page.getByTestId('asset-card-USDT').waitFor();
}

/** The newest record of one asset on the details page: [kind name, signed amount]. */
async function newestRecord(member: Member, asset: string): Promise<[string | null, string | null]> {
  const { page } = member;
  await page.goto(`${baseUrl}/#/pages/my_child/assetsdetails/assetsdetails?asset=${asset}`);
  const first = page.locator('[data-testid="records"] li').first();
  await first.waitFor();
  return [await first.getByTestId('record-kind').textContent(), await first.getByTestId('record-amount').textContent()];
}

/** Lets the dialog's opening animation finish, so the screenshot shows what a member reads. */
async function confirmPrompt(page: Page) {
  await page.getByTestId('confirm-summary').waitFor();
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
  await page.getByTestId('confirm-summary').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchChromium();
  alice = await signIn();
  bob = await signIn();
});
afterAll(() => browser?.close());

describe('money screens in Chromium at 390×844', () => {
  it('shows each member their ID and the demo balances on My assets', async () => {
    expect(alice.id).not.toBe(bob.id);
    await openAssets(alice);
    await expect.poll(() => text(alice.page, 'asset-available-USDT')).toBe('1,000.00');
    expect(await text(alice.page, 'asset-available-GOLD')).toBe('5,000.00');
    expect(await text(alice.page, 'asset-available-BTC')).toBe('0.00000000');
    expect(await alice.page.getByTestId('claim-USDT').isDisabled()).toBe(true);
    await shot(alice.page, 'my-assets');
  });

  it('gifts USDT from one member to another by ID, after a confirm showing the receiver', async () => {
    const { page } = alice;
    await page.getByTestId('my-assets-go-gift').click();
    await page.getByTestId('gift-form').waitFor();
    await page.getByTestId('gift-submit').click();
    expect(await text(page, 'gift-receiver-input-error')).toBe('请输入受赠人ID');
    await page.getByTestId('gift-receiver-input').fill(bob.id);
    await page.getByTestId('gift-asset-USDT').click();
    // The amount takes digits and one point with the asset's places, as typed or pasted: the rest
    // leaves the field as it was.
    const amount = page.getByTestId('gift-amount-input');
    for (const refused of ['abc', '1e3', '-1']) {
      await amount.fill(refused);
      expect([refused, await amount.inputValue()]).toEqual([refused, '']);
      await amount.pressSequentially(refused === '-1' ? '-' : refused.replace(/\d/g, ''));
      expect([refused, await amount.inputValue()]).toEqual([refused, '']);
    }
    await amount.fill('12.34');
    await amount.pressSequentially('5e-');
    expect(await amount.inputValue()).toBe('12.34');
    await amount.fill('12.5');
    await page.getByTestId('gift-submit').click();

    await page.getByTestId('confirm-summary').waitFor();
    expect(await text(page, 'gift-confirm-receiver')).toBe(bob.id);
    expect((await text(page, 'gift-confirm-address'))?.toLowerCase()).toBe(shorten(bob.address).toLowerCase());
    expect(await text(page, 'gift-confirm-amount')).toBe('12.50 USDT');
    await dialogSettled(page);
    await shot(page, 'gift-confirm');
    await confirmPrompt(page);

    await page.getByText('赠送成功').waitFor();
    await expect.poll(() => page.getByTestId('gift-amount-input').inputValue()).toBe('');
    await expect.poll(() => text(page, 'gift-available')).toBe('987.50');
  });

  it('shows the gift in both balances and both record lists', async () => {
    await openAssets(alice);
    await expect.poll(() => text(alice.page, 'asset-available-USDT')).toBe('987.50');
    await openAssets(bob);
    await expect.poll(() => text(bob.page, 'asset-available-USDT')).toBe('1,012.50');

    expect(await newestRecord(alice, 'USDT')).toEqual(['赠送他人', '-12.50']);
    expect(await newestRecord(bob, 'USDT')).toEqual(['收到赠送', '+12.50']);
    await bob.page.getByTestId('list-finished').waitFor();
    await shot(bob.page, 'asset-details');
  });

  it('tops up gold coins with USDT at the configured rate', async () => {
    const { page } = alice;
    await page.goto(`${baseUrl}/#/pages/my_child/topup/topup`);
    await page.getByTestId('topup-form').waitFor();
    expect(await text(page, 'topup-rate')).toContain('1 USDT = 100');
    await page.getByTestId('topup-amount-input').fill('10.25');
    expect(await text(page, 'topup-gold-preview')).toBe('1,025.00');
    await shot(page, 'top-up');
    await page.getByTestId('topup-submit').click();
    expect(await text(page, 'topup-confirm-gold')).toBe('1,025.00 金币');
    await confirmPrompt(page);
    await page.getByText('充值成功，获得 1,025.00 金币').waitFor();
    await expect.poll(() => text(page, 'topup-gold-balance')).toBe('6,025.00');
    expect(await text(page, 'topup-usdt-balance')).toBe('977.25');
    expect(await newestRecord(alice, 'GOLD')).toEqual(['金币充值', '+1,025.00']);
  });

  it('donates and lists the donation publicly with the shortened address', async () => {
    const { page } = alice;
    await page.goto(`${baseUrl}/#/pages/my_child/donate/donate`);
    await page.getByTestId('donation-form').waitFor();
    // The list is public: other e2e files may have donated before this one; the newest comes first.
    await page.locator('[data-testid="donations-empty"], [data-testid="donations"] li').first().waitFor();
    await page.getByTestId('donation-asset-GOLD').click();
    await page.getByTestId('donation-amount-input').fill('88');
    await page.getByTestId('donation-submit').click();
    await confirmPrompt(page);
    await page.getByText('捐赠成功，感谢您的爱心').waitFor();
    const row = page.locator('[data-testid="donations"] li').first();
    await expect.poll(() => row.getByTestId('donation-amount').textContent()).toBe('88.00 金币');
    expect((await row.getByTestId('donation-address').textContent())?.toLowerCase()).toBe(
      shorten(alice.address).toLowerCase(),
    );
    await expect.poll(() => text(page, 'donation-available')).toBe('5,937.00');
    await page.getByText('捐赠成功，感谢您的爱心').waitFor({ state: 'detached' });
    await shot(page, 'donation');
  });

  it('fits the longer Malay labels on My assets', async () => {
    const { page } = bob;
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('minecloud-session') ?? '{}');
      stored.state = { ...stored.state, language: 'ms_MY', localType: 'ms-MY' };
      localStorage.setItem('minecloud-session', JSON.stringify(stored));
    });
    await openAssets(bob);
    expect(await text(page, 'nav-title')).toBe('Aset saya');
    expect(await page.getByTestId('asset-card-USDT').textContent()).toContain('Pendapatan untuk dituntut');
    const overflowing = await page.evaluate(
      () => [...document.querySelectorAll('.asset-card *')].filter((el) => el.scrollWidth > el.clientWidth + 1).length,
    );
    expect(overflowing).toBe(0);
    await shot(page, 'my-assets-malay');
  });
});
