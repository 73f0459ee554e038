import type { Browser, Page } from 'playwright-core';
import { type Address, type Hex, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADD_CHAIN_AND_SEND } from '../src/test/chain-wallet.ts';
import {
  dialogSettled,
  launchChromium,
  memberToken,
  type OperatorCall,
  operatorSession,
  shot,
  signInAt,
} from './browser.ts';
import { localChain } from './local-chain.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { type PayingServer, startPayingServer } from './server.ts';

/**
 * A withdrawal end to end on a server that pays for real (not a demo): money deposited on the local
 * chain, requested in Chromium with the code mailed over SMTP, approved by an operator, paid by the
 * server's payout worker on the chain, and shown arrived with its hash. Then a deposit on the demo
 * server of the other e2e files.
 */

const baseUrl = inject('baseUrl');
const usdt = inject('usdtToken') as Address;
const chain = localChain(inject('chainUrl'));
let browser: Browser;

const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('withdrawal in Chromium at 390×844, paid on a local chain by a server that is not a demo', () => {
  let mail: MailCatcher;
  let paying: PayingServer;
  let admin: OperatorCall;

  beforeAll(async () => {
    mail = await startMailCatcher();
    paying = await startPayingServer({ chainUrl: inject('chainUrl'), usdt, smtpUrl: mail.url });
    admin = operatorSession(paying.baseUrl, paying.operator.token);
  });
  afterAll(async () => {
    await paying?.stop();
    await mail?.close();
  });

  /** The code of the newest mail to `email` once it differs from `previous` (the SMTP catcher's). */
  async function mailedCode(email: string, previous?: string) {
    await expect.poll(() => mail.latestCode(email), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    if (previous) await expect.poll(() => mail.latestCode(email), { timeout: 20_000 }).not.toBe(previous);
    return mail.latestCode(email) as string;
  }

  /**
   * Binds `email` through the API with the member's own session (the binding screen has its own
   * e2e); resolves the code that bound it, so that a later code can be told from it.
   */
  async function bindEmail(token: string, email: string) {
    const call = async (path: string, body: object) => {
      const res = await fetch(`${paying.baseUrl}/app-api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number };
    };
    expect((await call('member/sendEmailCode', { email })).code).toBe(0);
    const code = await mailedCode(email);
    expect((await call('member/bindEmail', { email, code })).code).toBe(0);
    return code;
  }

  /** The member's wallet sends `amount` USDT to the deposit address and submits it, as the top-up page does. */
  async function depositOnChain(key: Hex, token: string, amount: string) {
    const member = privateKeyToAccount(key).address;
    await chain.fundGas(member);
    await chain.mint(key, usdt, member, parseUnits(amount, 18));
    const txHash = await chain.transfer(key, usdt, paying.depositAddress, parseUnits(amount, 18));
    const res = await fetch(`${paying.baseUrl}/app-api/biz/deposit/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ txHash }),
    });
    const answer = (await res.json()) as { code: number; data: { status: string } };
    expect(answer).toMatchObject({ code: 0, data: { status: 'confirming' } });
    await chain.mine(12);
    await expect.poll(() => availableUsdt(paying.baseUrl, token), { timeout: 30_000, interval: 1_000 }).toBe(amount);
  }

  it('requests a withdrawal with the mailed code, is approved, and sees it arrive with its hash', async () => {
    const key = generatePrivateKey();
    const { page } = await signInAt(browser, paying.baseUrl, '/pages/my_child/withdraw/withdraw', {
      key,
      query: '?asset=USDT',
    });
    const token = await memberToken(page);
    // No welcome balance outside demo: the member's money is a real deposit.
    await depositOnChain(key, token, '100');
    const email = `withdraw-${Date.now()}@example.com`;
    const bindCode = await bindEmail(token, email);
    await page.reload();

    await page.getByTestId('withdraw-form').waitFor();
    await expect.poll(() => text(page, 'withdraw-available')).toContain('100');
    expect(await text(page, 'withdraw-fee')).toContain('1');
    // The network before the address: chain, standard, the token's contract, and the warning.
    expect(await text(page, 'withdraw-network-name')).toBe('BNB Smart Chain（链 ID 56）');
    expect(await text(page, 'withdraw-network-standard')).toBe('BEP-20');
    expect((await page.getByTestId('withdraw-token-USDT').getAttribute('title'))?.toLowerCase()).toBe(
      usdt.toLowerCase(),
    );
    expect(await text(page, 'withdraw-network-warning')).toContain('资金将无法找回');
    // The token contract itself is refused as a destination before any confirm.
    await page.getByTestId('withdraw-address-input').fill(usdt);
    await page.getByTestId('withdraw-submit').click();
    await expect
      .poll(() => text(page, 'withdraw-address-input-error'))
      .toBe('这是平台自己的充值地址或代币合约，不能提现到这里');
    expect(await page.getByTestId('confirm-summary').count()).toBe(0);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('withdraw-amount-input').fill('25.5');
    await page.getByTestId('withdraw-address-input').fill(to);
    await expect.poll(() => text(page, 'withdraw-received')).toContain('24.5');
    await page.getByTestId('withdraw-code-send').click();
    // The bind code went to the same address: wait for the newer mail.
    const code = await mailedCode(email, bindCode);
    await page.getByTestId('withdraw-code').fill(code);
    await shot(page, 'withdraw-form');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-summary').waitFor();
    expect(await text(page, 'withdraw-confirm-received')).toContain('24.5');
    // The code-sent toast fades first, then the dialog in: the screenshot shows the dialog alone.
    // Every toast gone (one may still be fading out when the next one shows).
    await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
    await dialogSettled(page);
    await shot(page, 'withdraw-confirm');
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();

    await page.waitForFunction(() => location.hash.includes('withdrawrecord'), undefined, { timeout: 20_000 });
    await expect.poll(() => text(page, 'withdrawal-status')).toBe('审核中');
    expect(await text(page, 'withdrawal-amount')).toContain('25.5');
    await shot(page, 'withdrawal-history-processing');

    const queue = (await admin('GET', 'withdrawals/page?status=review&pageNo=1&pageSize=10')) as {
      list: { id: string; address: string }[];
    };
    const mine = queue.list.find((w) => w.address === to);
    if (!mine) throw new Error('the withdrawal is not in the review queue');
    expect((await admin('POST', 'withdrawals/approve', { id: mine.id })).status).toBe('approved');

    // The server's worker (every second) sends the transfer; twelve more blocks confirm it.
    await expect.poll(() => chain.tokenBalance(usdt, to), { timeout: 20_000 }).toBe(parseUnits('24.5', 18));
    await chain.mine(12);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('withdrawals').waitFor();
          return text(page, 'withdrawal-status');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('已到账');
    const hash = (await admin('GET', 'withdrawals/page?status=arrived&pageNo=1&pageSize=10')) as {
      list: { id: string; txHash: string }[];
    };
    const paid = hash.list.find((w) => w.id === mine.id);
    expect(paid?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const shown = await text(page, 'withdrawal-tx');
    expect(paid?.txHash.startsWith((shown ?? '').slice(0, 6).toLowerCase())).toBe(true);
    await shot(page, 'withdrawal-history-arrived');
    // Public: the Transparency totals list the paid withdrawal with its transaction hash.
    const totals = (await (await fetch(`${paying.baseUrl}/app-api/transparency/totals`)).json()) as {
      data: { withdrawals: { recent: { asset: string; amount: string; txHash: string }[] } };
    };
    expect(totals.data.withdrawals.recent).toContainEqual({
      asset: 'USDT',
      amount: '24.5',
      txHash: paid?.txHash,
      paidAt: expect.any(String),
    });

    await page.getByTestId('withdrawal-open').first().click();
    await page.getByTestId('withdrawal-timeline').waitFor();
    await expect.poll(() => page.getByTestId('timeline-stage').count()).toBe(4);
    await shot(page, 'withdrawal-timeline');
    // Paid once: the address got 24.5, the hot wallet gave 24.5, the member has 100 − 25.5 left.
    expect(await chain.tokenBalance(usdt, to)).toBe(parseUnits('24.5', 18));
    expect(await chain.tokenBalance(usdt, paying.hotWallet)).toBe(parseUnits('1000000', 18) - parseUnits('24.5', 18));
    expect(await availableUsdt(paying.baseUrl, token)).toBe('74.5');
  });

  it('makes a newly saved address wait its delay, announced by mail, and takes withdrawals only to saved ones', async () => {
    const key = generatePrivateKey();
    const { page } = await signInAt(browser, paying.baseUrl, '/pages/my_child/addressbook/addressbook', { key });
    const token = await memberToken(page);
    await depositOnChain(key, token, '20');
    const email = `book-${Date.now()}@example.com`;
    const bindCode = await bindEmail(token, email);
    // The operator sets a one-hour wait for new addresses; it takes effect once every process has it.
    await admin('PUT', 'config/withdraw.newAddressHours', { value: 1 });
    await expect
      .poll(
        async () => {
          const res = await fetch(`${paying.baseUrl}/app-api/biz/withdraw-address/list`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return ((await res.json()) as { data: { waitHours: number } }).data.waitHours;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);

    await page.reload();
    await expect.poll(() => text(page, 'address-book-note')).toContain('新保存的地址需等待 1 小时后才能用于提现');
    expect(await text(page, 'address-book-empty')).toBe('还没有保存的地址');
    const saved = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('address-label-input').fill('冷钱包');
    await page.getByTestId('address-add-input').fill(saved);
    await page.getByTestId('address-add-code-send').click();
    const code = await mailedCode(email, bindCode);
    await page.getByTestId('address-add-code').fill(code);
    await page.getByTestId('address-add-submit').click();
    const item = page.getByTestId('address-book-item');
    await item.waitFor();
    expect(await item.getAttribute('data-address')).toBe(saved);
    expect(await item.getByTestId('saved-address-state').textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 起可用$/,
    );
    // The saving is mailed, with the address and from when it can be paid.
    await expect.poll(() => mail.latestText(email), { timeout: 20_000 }).toContain(saved);
    expect(mail.latestText(email)).toMatch(/该地址自 \d{4}-\d\d-\d\d \d\d:\d\d UTC 起可用于提现/);
    // Every toast gone (one may still be fading out when the next one shows).
    await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
    await shot(page, 'address-book-waiting');

    // On the withdraw form: the rule, the saved address shown waiting (it cannot be picked).
    await page.goto(`${paying.baseUrl}/#/pages/my_child/withdraw/withdraw?asset=USDT`);
    await expect.poll(() => text(page, 'withdraw-only-saved')).toContain('新地址需等待 1 小时');
    await page.getByTestId('withdraw-address-book').click();
    const pick = page.getByTestId('address-pick-sheet').getByTestId('address-pick-pick');
    await pick.waitFor();
    expect(await pick.isDisabled()).toBe(true);
    // The sheet slides up: the screenshot waits for it to stop.
    await page.waitForFunction(() => {
      const body = document.querySelector('.adm-popup-body');
      return body !== null && new DOMMatrix(getComputedStyle(body).transform).m42 === 0;
    });
    await shot(page, 'withdraw-address-book');
    await page.getByTestId('address-pick-sheet-close').click();

    // Typed anyway: the server refuses it as waiting, and an address never saved as not saved; the
    // code is not spent on either (a code the member never asked for is enough to show it).
    const attempt = async (address: string) => {
      await page.getByTestId('withdraw-amount-input').fill('15');
      await page.getByTestId('withdraw-address-input').fill(address);
      await page.getByTestId('withdraw-code').fill('000000');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('confirm-summary').waitFor();
      await dialogSettled(page);
      await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
      await page.getByTestId('withdraw-address-input-error').waitFor();
      return text(page, 'withdraw-address-input-error');
    };
    expect(await attempt(saved)).toMatch(/^该地址为新添加地址，\d{4}-\d\d-\d\d \d\d:\d\d UTC 后可用于提现$/);
    expect(await attempt(privateKeyToAccount(generatePrivateKey()).address)).toBe(
      '请先将此地址加入地址簿，等待期满后即可提现到该地址',
    );
    await shot(page, 'withdraw-address-waiting');
    expect(await availableUsdt(paying.baseUrl, token)).toBe('20');
  });
});

describe('deposit in Chromium at 390×844 on the demo server', () => {
  it('credits a deposit sent from the member’s own wallet once it has its confirmations', async () => {
    // The member's wallet: the key signs in (injected) and, here, pays on chain from the same address.
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key);
    await chain.fundGas(wallet.address);
    await chain.mint(key, usdt, wallet.address, parseUnits('100', 18));
    const config = (await (await fetch(`${baseUrl}/app-api/biz/biz-config/get/basic`)).json()) as {
      data: { limits: Record<string, string> };
    };
    const depositAddress = config.data.limits.depositAddress as Address;
    const hash = await chain.transfer(key, usdt, depositAddress, parseUnits('40', 18));

    // The wallet starts on Ethereum and does not know BNB Smart Chain: paying from it adds the chain.
    const { page } = await signInAt(browser, baseUrl, '/pages/my_child/topup/topup', {
      key,
      query: '?tab=chain',
      chain: { url: inject('chainUrl'), startOn: 1 },
    });
    await page.getByTestId('deposit-form').waitFor();
    expect((await text(page, 'deposit-address'))?.toLowerCase()).toContain(depositAddress.slice(2, 8).toLowerCase());
    expect(await text(page, 'deposit-network-name')).toBe('BNB Smart Chain（链 ID 56）');
    expect(await text(page, 'deposit-network-warning')).toContain('BEP-20');
    await page.getByTestId('deposit-address-qr').waitFor();
    await shot(page, 'deposit-network');
    await page.getByTestId('deposit-tx-input').fill(hash);
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => text(page, 'deposit-status'), { timeout: 15_000 }).toBe('确认中 1 / 12');
    expect(await text(page, 'deposit-amount')).toContain('40');
    await shot(page, 'deposit-confirming');

    await chain.mine(12);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('deposit-form').waitFor();
          return text(page, 'deposit-status');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('已入账');
    await shot(page, 'deposit-credited');
    // The demo's 1000 USDT welcome plus the 40 deposited, once.
    expect(await availableUsdt(baseUrl, await memberToken(page))).toBe('1040');

    // Pay from wallet: no hash typed. The wallet is asked onto the chain, adds it, sends one transfer.
    await page.getByTestId('wallet-pay-amount').fill('25');
    await page.getByTestId('wallet-pay-submit').click();
    const sent = page.getByTestId('wallet-pay-sent');
    await expect.poll(() => sent.getByTestId('deposit-status').textContent(), { timeout: 15_000 }).toMatch(/^确认中 /);
    expect(await sent.getByTestId('deposit-amount').textContent()).toContain('25');
    expect(await page.getByTestId('deposit-tx-input').inputValue()).toBe('');
    // Since the last reload (the sign-in was before it): what paying asked of the wallet.
    const calls = await page.evaluate(
      () => (window as unknown as { __e2eWalletCalls: { method: string; params: unknown[] }[] }).__e2eWalletCalls,
    );
    expect(calls.map((call) => call.method)).toEqual(ADD_CHAIN_AND_SEND);
    expect(calls[3]?.params).toEqual([expect.objectContaining({ chainId: '0x38', chainName: 'BNB Smart Chain' })]);
    await shot(page, 'deposit-wallet-confirming');
    await chain.mine(12);
    // Followed on screen until credited, once: 1040 + 25.
    await expect.poll(() => sent.getByTestId('deposit-status').textContent(), { timeout: 20_000 }).toBe('已入账');
    expect(await availableUsdt(baseUrl, await memberToken(page))).toBe('1065');
    expect(await chain.tokenBalance(usdt, wallet.address)).toBe(parseUnits('35', 18));
  });
});

/** The member's available USDT as the API shows it (a decimal string). */
async function availableUsdt(server: string, token: string): Promise<string | undefined> {
  const balances = (await (
    await fetch(`${server}/app-api/asset/selectAssetBalance?asset=USDT`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { list: { available: string }[] } };
  return balances.data.list[0]?.available;
}
