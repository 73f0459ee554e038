import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  dialogSettled,
  launchChromium,
  mailedCode,
  memberToken,
  type OperatorCall,
  operatorSession,
  shot,
  signInAt,
} from './browser.ts';

/**
 * A withdrawal end to end: requested in Chromium with the emailed code, approved by an operator,
 * paid by the server's payout worker on the local chain, and shown arrived with its hash.
 */

const baseUrl = inject('baseUrl');
const chainUrl = inject('chainUrl');
const usdt = inject('usdtToken') as Address;
const chain = createPublicClient({ transport: http(chainUrl, { retryCount: 0 }) });
let browser: Browser;
let admin: OperatorCall;

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

const text = (page: Page, id: string) => page.getByTestId(id).first().textContent();

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
});
afterAll(() => browser?.close());

describe('withdrawal in Chromium at 390×844, paid on a local chain', () => {
  it('requests a withdrawal with the emailed code, is approved, and sees it arrive with its hash', async () => {
    const { page } = await signInAt(browser, baseUrl, '/pages/my_child/withdraw/withdraw', {
      query: '?asset=USDT',
    });
    // Bind an email through the API with the member's own session (the binding screen has its own e2e).
    const token = await memberToken(page);
    const email = `withdraw-${Date.now()}@example.com`;
    const call = async (path: string, body: object) => {
      const res = await fetch(`${baseUrl}/app-api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number };
    };
    expect((await call('member/sendEmailCode', { email })).code).toBe(0);
    const bindCode = await mailedCode(admin, email);
    expect((await call('member/bindEmail', { email, code: bindCode })).code).toBe(0);
    await page.reload();

    await page.getByTestId('withdraw-form').waitFor();
    await expect.poll(() => text(page, 'withdraw-available')).toContain('1,000');
    expect(await text(page, 'withdraw-fee')).toContain('1');
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByTestId('withdraw-amount-input').fill('25.5');
    await page.getByTestId('withdraw-address-input').fill(to);
    await expect.poll(() => text(page, 'withdraw-received')).toContain('24.5');
    await page.getByTestId('withdraw-code-send').click();
    // The bind code went to the same address: wait for the newer mail.
    await expect.poll(() => mailedCode(admin, email), { timeout: 10_000 }).not.toBe(bindCode);
    const code = await mailedCode(admin, email);
    await page.getByTestId('withdraw-code').fill(code);
    await shot(page, 'withdraw-form');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-summary').waitFor();
    expect(await text(page, 'withdraw-confirm-received')).toContain('24.5');
    // The code-sent toast fades first, then the dialog in: the screenshot shows the dialog alone.
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 10_000 });
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
    await expect
      .poll(() => chain.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [to] }), {
        timeout: 20_000,
      })
      .toBe(parseUnits('24.5', 18));
    await rpc('hardhat_mine', ['0xc']);
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
    const totals = (await (await fetch(`${baseUrl}/app-api/transparency/totals`)).json()) as {
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
    // Paid once.
    expect(await chain.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(
      parseUnits('24.5', 18),
    );
  });

  it('credits a deposit sent from the member’s own wallet once it has its confirmations', async () => {
    // The member's wallet: the key signs in (injected) and, here, pays on chain from the same address.
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key);
    const local = defineChain({
      id: 56,
      name: 'local',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chainUrl] } },
    });
    const pay = createWalletClient({ account: wallet, chain: local, transport: http(chainUrl, { retryCount: 0 }) });
    await rpc('hardhat_setBalance', [wallet.address, '0x8ac7230489e80000']);
    const mintAbi = [
      {
        type: 'function',
        name: 'mint',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
        outputs: [],
      },
    ] as const;
    const minted = await pay.writeContract({
      address: usdt,
      abi: mintAbi,
      functionName: 'mint',
      args: [wallet.address, parseUnits('100', 18)],
    });
    await chain.waitForTransactionReceipt({ hash: minted });
    const config = (await (await fetch(`${baseUrl}/app-api/biz/biz-config/get/basic`)).json()) as {
      data: { limits: Record<string, string> };
    };
    const depositAddress = config.data.limits.depositAddress as Address;
    const hash = await pay.writeContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [depositAddress, parseUnits('40', 18)],
    });
    await chain.waitForTransactionReceipt({ hash });

    const { page } = await signInAt(browser, baseUrl, '/pages/my_child/topup/topup', { key, query: '?tab=chain' });
    await page.getByTestId('deposit-form').waitFor();
    expect((await text(page, 'deposit-address'))?.toLowerCase()).toContain(depositAddress.slice(2, 8).toLowerCase());
    await page.getByTestId('deposit-tx-input').fill(hash);
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => text(page, 'deposit-status'), { timeout: 15_000 }).toBe('确认中 1 / 12');
    expect(await text(page, 'deposit-amount')).toContain('40');
    await shot(page, 'deposit-confirming');

    await rpc('hardhat_mine', ['0xc']);
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
    const token = await memberToken(page);
    const balances = (await (
      await fetch(`${baseUrl}/app-api/asset/selectAssetBalance?asset=USDT`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { list: { available: string }[] } };
    // The demo's 1000 USDT welcome plus the 40 deposited, once.
    expect(balances.data.list[0]?.available).toBe('1040');
  });
});
