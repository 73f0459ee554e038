import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  injectTestWallet,
  launchChromium,
  mailedCode,
  memberToken,
  type OperatorCall,
  operatorSession,
  phoneContext,
  shot,
  signInAt,
} from './browser.ts';
import { type E2eServer, enrolOperator, startE2eServer } from './server.ts';

/**
 * A member's intent moves money exactly once, on every form that moves money: a double tap on
 * submit, then a tap on every confirm that appears, is one movement, counted through the API (never
 * the screen). An amount with one decimal too many is refused before any confirm, in five languages;
 * a confirm does not survive the back button or a route change.
 *
 * On a demo server of its own: the e2e files run side by side, and this one donates, buys shares and
 * miners, and mails codes many times over; on the shared server those would land in the public lists
 * and counts that other files check at the same moment.
 */

let baseUrl: string;
let server: E2eServer;

const PATHS = {
  assets: '/pages/my_child/assetslist/assetslist',
  gift: '/pages/my_child/transform/transform',
  donate: '/pages/my_child/donate/donate',
  topUp: '/pages/my_child/topup/topup',
  withdraw: '/pages/my_child/withdraw/withdraw',
  wallet: '/pages/my_child/wallet/wallet',
  shop: '/pages/tabbar/second/second',
  team: '/pages/tabbar/three/three',
  equity: '/pages/my_child/equity/equity',
  pool: '/pages/my_child/prizepool/prizepool',
};

type Balance = { asset: string; available: string; locked: string; earnings: string };
type Member = { page: Page; id: string; call: <T>(method: string, path: string, body?: object) => Promise<T> };

let browser: Browser;
let admin: OperatorCall;
let alice: Member;
let bob: Member;
let inviter: Member;
let newcomer: Member;

/** The member's own API calls, with the token the app keeps: how the test counts what moved. */
async function memberOf(page: Page): Promise<Member> {
  const token = await memberToken(page);
  const call = async <T>(method: string, apiPath: string, body?: object): Promise<T> => {
    const answer = await fetch(`${baseUrl}/app-api/${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await answer.json()) as { code: number; data: T; msg: string };
    if (json.code !== 0) throw new Error(`${method} ${apiPath}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const user = await call<{ id: string }>('GET', 'biz/biz-user/get');
  return { page, id: user.id, call };
}

async function balances(member: Member): Promise<Record<string, Balance>> {
  const { list } = await member.call<{ list: Balance[] }>('GET', 'asset/selectAssetBalance');
  return Object.fromEntries(list.map((row) => [row.asset, row]));
}

/** Exact decimal difference after − before, as a string of the shortest form ("-12.5"). */
function delta(before: string, after: string): string {
  const scale = 8;
  const units = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    const sign = whole.startsWith('-') ? -1n : 1n;
    return sign * (BigInt(whole.replace('-', '')) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0')));
  };
  const difference = units(after) - units(before);
  const negative = difference < 0n;
  const abs = negative ? -difference : difference;
  const base = 10n ** BigInt(scale);
  const fraction = (abs % base).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Polls until `read` gives `expected`, then waits a little longer and reads again: a second
 * movement (the defect) would land in that time.
 */
async function settlesAt(read: () => Promise<string>, expected: string) {
  await expect.poll(read, { timeout: 15_000, interval: 250 }).toBe(expected);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await read()).toBe(expected);
}

/**
 * A double tap on `submitTestId`, then a tap on every confirm that appears (each dialog once), for
 * three seconds. Returns how many confirms the member was shown.
 */
async function doubleTapAndConfirmAll(page: Page, submitTestId: string, { confirms = true } = {}): Promise<number> {
  await page.getByTestId(submitTestId).dblclick();
  let shown = 0;
  const fresh = page.locator('.adm-dialog:not([data-e2e-tapped]) [data-testid="dialog-confirm"]');
  const deadline = Date.now() + 3_000;
  if (confirms) await fresh.first().waitFor({ timeout: 10_000 });
  while (Date.now() < deadline) {
    const button = (await fresh.count()) > 0 ? await fresh.first().elementHandle() : null;
    if (button) {
      await button.evaluate((element) => element.closest('.adm-dialog')?.setAttribute('data-e2e-tapped', '1'));
      await button.click();
      shown += 1;
    }
    await page.waitForTimeout(100);
  }
  return shown;
}

/**
 * Pastes `amount` (more decimals than the asset has) into `inputTestId`: the field does not take it
 * and stays empty; a submit then says so under the field and opens no confirm.
 */
async function refusedBeforeConfirm(
  page: Page,
  inputTestId: string,
  submitTestId: string,
  amount: string,
  errorTestId = `${inputTestId}-error`,
) {
  await page.getByTestId(inputTestId).fill(amount);
  expect(await page.getByTestId(inputTestId).inputValue()).toBe('');
  await page.getByTestId(submitTestId).click();
  await expect.poll(async () => (await page.getByTestId(errorTestId).textContent())?.length ?? 0).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(await page.locator('.adm-dialog').count()).toBe(0);
}

async function open(page: Page, route: string, ready: string) {
  await page.goto(`${baseUrl}/#${route}`);
  await page.getByTestId(ready).waitFor({ timeout: 20_000 });
}

async function bindEmail(member: Member): Promise<string> {
  const email = `once-${member.id}-${Date.now()}@example.com`;
  await member.call('POST', 'member/sendEmailCode', { email });
  const code = await mailedCode(admin, email);
  await member.call('POST', 'member/bindEmail', { email, code });
  return email;
}

beforeAll(async () => {
  server = await startE2eServer({});
  baseUrl = server.baseUrl;
  admin = operatorSession(baseUrl, (await enrolOperator(baseUrl)).token);
  browser = await launchChromium();
  alice = await memberOf((await signInAt(browser, baseUrl, PATHS.assets)).page);
  bob = await memberOf((await signInAt(browser, baseUrl, PATHS.assets)).page);
  inviter = await memberOf((await signInAt(browser, baseUrl, PATHS.team)).page);
  // The newcomer joins the inviter's department 1, so a purchase earns the inviter a reward.
  await inviter.page.getByTestId('department-1-code').waitFor();
  const code = (await inviter.page.getByTestId('department-1-code').first().textContent()) ?? '';
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await injectTestWallet(page, generatePrivateKey());
  await page.goto(`${baseUrl}/#/pages/login/index?code=${code}&redirect=${encodeURIComponent(PATHS.shop)}`);
  await page.getByTestId('wallet-option-org.minecloud.e2e').click();
  await page.waitForFunction((p) => location.hash.startsWith(`#${p}`), PATHS.shop, { timeout: 20_000 });
  newcomer = await memberOf(page);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('one confirmed intent moves money once, in Chromium at 390×844', () => {
  it('gift: a double tap shows one confirm and sends once; 1.005 is refused before any confirm', async () => {
    const { page } = alice;
    await open(page, PATHS.gift, 'gift-form');
    await page.getByTestId('gift-receiver-input').fill(bob.id);
    await page.getByTestId('gift-asset-USDT').click();
    await refusedBeforeConfirm(page, 'gift-amount-input', 'gift-submit', '1.005');
    const [mine, theirs] = [await balances(alice), await balances(bob)];
    await page.getByTestId('gift-amount-input').fill('1.25');
    expect(await doubleTapAndConfirmAll(page, 'gift-submit')).toBe(1);
    await settlesAt(
      async () => delta(mine.USDT?.available ?? '0', (await balances(alice)).USDT?.available ?? ''),
      '-1.25',
    );
    expect(delta(theirs.USDT?.available ?? '0', (await balances(bob)).USDT?.available ?? '')).toBe('1.25');
  });

  it('takes no third decimal as typed, key by key', async () => {
    const { page } = bob;
    await open(page, PATHS.gift, 'gift-form');
    await page.getByTestId('gift-amount-input').fill('');
    await page.getByTestId('gift-amount-input').pressSequentially('0.001');
    expect(await page.getByTestId('gift-amount-input').inputValue()).toBe('0.00');
    await shot(page, 'gift-third-decimal-not-taken');
  });

  it('donation: a double tap donates once; 0.001 is refused before any confirm', async () => {
    const { page } = alice;
    await open(page, PATHS.donate, 'donation-form');
    await page.getByTestId('donation-asset-GOLD').click();
    await refusedBeforeConfirm(page, 'donation-amount-input', 'donation-submit', '0.001');
    const before = await balances(alice);
    await page.getByTestId('donation-amount-input').fill('2');
    expect(await doubleTapAndConfirmAll(page, 'donation-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.GOLD?.available ?? '0', (await balances(alice)).GOLD?.available ?? ''),
      '-2',
    );
  });

  it('top-up: a double tap tops up once; 10.999 is refused before any confirm', async () => {
    const { page } = alice;
    await open(page, PATHS.topUp, 'topup-form');
    await refusedBeforeConfirm(page, 'topup-amount-input', 'topup-submit', '10.999');
    const before = await balances(alice);
    await page.getByTestId('topup-amount-input').fill('1');
    expect(await doubleTapAndConfirmAll(page, 'topup-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.GOLD?.available ?? '0', (await balances(alice)).GOLD?.available ?? ''),
      '100',
    );
    expect(delta(before.USDT?.available ?? '0', (await balances(alice)).USDT?.available ?? '')).toBe('-1');
  });

  it('a confirm closes on the back button and on a route change, and moves nothing', async () => {
    const { page } = alice;
    await open(page, PATHS.topUp, 'topup-form');
    const before = await balances(alice);
    await page.getByTestId('topup-amount-input').fill('1');
    await page.getByTestId('topup-submit').click();
    await page.getByTestId('confirm-summary').waitFor();
    // The phone's back button closes the confirm and stays on the page.
    await page.goBack();
    await page.getByTestId('confirm-summary').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => location.hash)).toContain(PATHS.topUp);
    await page.getByTestId('topup-form').waitFor();

    // A route change under an open confirm closes it: it can no longer move money from another page.
    await page.waitForTimeout(600);
    await page.getByTestId('topup-submit').click();
    await page.getByTestId('confirm-summary').waitFor();
    await page.evaluate((route) => {
      location.hash = `#${route}`;
    }, PATHS.donate);
    await page.getByTestId('donation-form').waitFor();
    await page.getByTestId('confirm-summary').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="dialog-confirm"]').count()).toBe(0);
    await shot(page, 'confirm-gone-after-route-change');
    await page.waitForTimeout(1_000);
    expect((await balances(alice)).USDT?.available).toBe(before.USDT?.available);
    expect((await balances(alice)).GOLD?.available).toBe(before.GOLD?.available);
  });

  it('forge: a double tap forges once; 10.001 is refused before any confirm', async () => {
    const { page } = alice;
    await open(page, PATHS.pool, 'pool-forge');
    await page.getByTestId('pool-forge').click();
    await page.getByTestId('forge-form').waitFor();
    await refusedBeforeConfirm(page, 'forge-amount', 'forge-submit', '10.001');
    const before = await balances(alice);
    await page.getByTestId('forge-amount').fill('10');
    expect(await doubleTapAndConfirmAll(page, 'forge-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.GOLD?.available ?? '0', (await balances(alice)).GOLD?.available ?? ''),
      '-10',
    );
  });

  it('buy miners: a double tap buys once, and the inviter is rewarded once', async () => {
    const { page } = newcomer;
    const before = await balances(newcomer);
    const inviterBefore = await balances(inviter);
    await open(page, PATHS.shop, 'miner-buy-1');
    await page.getByTestId('miner-buy-1').click();
    await page.getByTestId('buy-form').waitFor();
    await page.getByTestId('buy-quantity-plus').click();
    await expect.poll(() => page.getByTestId('buy-total').textContent()).toBe('200.00');
    expect(await doubleTapAndConfirmAll(page, 'buy-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.USDT?.available ?? '0', (await balances(newcomer)).USDT?.available ?? ''),
      '-200',
    );
    await settlesAt(
      async () => delta(inviterBefore.USDT?.earnings ?? '0', (await balances(inviter)).USDT?.earnings ?? ''),
      '20',
    );
  });

  it('buy shares: a double tap buys once', async () => {
    const { page } = newcomer;
    const before = await balances(newcomer);
    await open(page, PATHS.equity, 'equity-buy');
    await page.getByTestId('equity-buy').click();
    await page.getByTestId('share-buy-form').waitFor();
    await expect.poll(() => page.getByTestId('share-buy-total').textContent()).toBe('10.00');
    expect(await doubleTapAndConfirmAll(page, 'share-buy-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.USDT?.available ?? '0', (await balances(newcomer)).USDT?.available ?? ''),
      '-10',
    );
  });

  it('reinvest: a double tap reinvests once; 10.001 is refused before any confirm', async () => {
    const { page } = inviter;
    const before = await balances(inviter);
    await open(page, PATHS.equity, 'equity-reinvest');
    await page.getByTestId('equity-reinvest').click();
    await page.getByTestId('reinvest-form').waitFor();
    await refusedBeforeConfirm(page, 'reinvest-amount', 'reinvest-submit', '10.001', 'reinvest-error');
    await page.getByTestId('reinvest-amount').fill('10');
    expect(await doubleTapAndConfirmAll(page, 'reinvest-submit')).toBe(1);
    await settlesAt(
      async () => delta(before.USDT?.earnings ?? '0', (await balances(inviter)).USDT?.earnings ?? ''),
      '-10',
    );
  });

  it('claim: a double tap claims once', async () => {
    const { page } = inviter;
    // 10% of the newcomer's shares (1), and what the reinvestment left of the miners' reward (10).
    const before = await balances(inviter);
    expect(before.USDT?.earnings).toBe('11');
    await open(page, PATHS.assets, 'claim-USDT');
    await expect.poll(() => page.getByTestId('claim-USDT').isEnabled()).toBe(true);
    expect(await doubleTapAndConfirmAll(page, 'claim-USDT', { confirms: false })).toBe(0);
    await settlesAt(
      async () => delta(before.USDT?.available ?? '0', (await balances(inviter)).USDT?.available ?? ''),
      '11',
    );
    expect((await balances(inviter)).USDT?.earnings).toBe('0');
  });

  it('withdraw: a double tap requests one withdrawal; 12.345 is refused before any confirm', async () => {
    const { page } = alice;
    const email = await bindEmail(alice);
    await open(page, `${PATHS.withdraw}?asset=USDT`, 'withdraw-form');
    await page.reload();
    await page.getByTestId('withdraw-code-send').waitFor();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('withdraw-address-input').fill(to);
    const bindCode = await mailedCode(admin, email);
    await page.getByTestId('withdraw-code-send').click();
    await expect.poll(() => mailedCode(admin, email), { timeout: 10_000 }).not.toBe(bindCode);
    await page.getByTestId('withdraw-code').fill(await mailedCode(admin, email));
    await refusedBeforeConfirm(page, 'withdraw-amount-input', 'withdraw-submit', '12.345');
    const before = await balances(alice);
    await page.getByTestId('withdraw-amount-input').fill('12.34');
    expect(await doubleTapAndConfirmAll(page, 'withdraw-submit')).toBe(1);
    await settlesAt(async () => delta(before.USDT?.locked ?? '0', (await balances(alice)).USDT?.locked ?? ''), '12.34');
    expect(delta(before.USDT?.available ?? '0', (await balances(alice)).USDT?.available ?? '')).toBe('-12.34');
    const { list } = await alice.call<{ list: { amount: string }[] }>('GET', 'biz/withdraw/page?pageNo=1&pageSize=10');
    expect(list.map((row) => row.amount)).toEqual(['12.34']);
  });

  it('bind wallet: a double tap binds once, and the member is not told the code was used', async () => {
    // Bob, whose bound email has no code waiting (a second code to one address waits a minute).
    const { page } = bob;
    await bindEmail(bob);
    await open(page, PATHS.wallet, 'bind-wallet-form');
    await page.reload();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('wallet-address-input').fill(address);
    const user = await bob.call<{ email: string }>('GET', 'biz/biz-user/get');
    const previous = await mailedCode(admin, user.email);
    await page.getByTestId('wallet-code-send').click();
    await expect.poll(() => mailedCode(admin, user.email), { timeout: 10_000 }).not.toBe(previous);
    await page.getByTestId('wallet-code').fill(await mailedCode(admin, user.email));
    expect(await doubleTapAndConfirmAll(page, 'bind-wallet-submit', { confirms: false })).toBe(0);
    await expect
      .poll(async () => (await bob.call<{ withdrawAddress: string | null }>('GET', 'biz/biz-user/get')).withdrawAddress)
      .toBe(address);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
  });
});
