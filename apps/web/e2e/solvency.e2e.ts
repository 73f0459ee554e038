import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SolvencyAnswer } from '@minecloud/contract/solvency';
import type { Browser, Page } from 'playwright-core';
import { type Address, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dayOf } from '../../api/src/lib/calendar.ts';
import { freePort } from '../../api/test/net.ts';
import { launchChromium, memberToken, operatorSession, SCREENSHOTS, signInAt } from './browser.ts';
import { localChain } from './local-chain.ts';
import { type E2eServer, enrolOperator, startE2eServer } from './server.ts';

/**
 * Proof of solvency end to end, on a paying server of its own over the local chain. First
 * as API only, so no job runs before the member exists: the member signs in, an operator credits
 * 100 USDT and closes yesterday (its liabilities include the member). Then the same database and
 * port again with the jobs: the chain follower reads the hot wallet's 150 USDT at the pinned block,
 * publishes the day with the hot wallet's signature and anchors the commitment on chain. The member
 * verifies it in Chromium (signatures, the chain from their proof's day, the anchor through the
 * chain node), and the file they save passes `npm run proof:verify` against the same node.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const TRANSPARENCY = '/pages/my_child/transparency/transparency';
const chainUrl = inject('chainUrl');
const usdt = inject('usdtToken') as Address;
const chain = localChain(chainUrl);
const hotKey = generatePrivateKey();
let dataDir: string;
let port: number;
let server: E2eServer | undefined;
let browser: Browser;

const env = (mode: 'api' | 'all') => ({
  DEMO: '0',
  MODE: mode,
  DATA_DIR: dataDir,
  PORT: String(port),
  CHAIN_RPC_URL: chainUrl,
  CHAIN_PUBLIC_RPC_URL: chainUrl,
  DEPOSIT_ADDRESS: privateKeyToAccount(generatePrivateKey()).address,
  // The hot wallet's key only where jobs run; an API process knows its address (config.ts).
  ...(mode === 'api' ? { PAYOUT_ADDRESS: privateKeyToAccount(hotKey).address } : { PAYOUT_KEY: hotKey }),
  TOKEN_USDT_ADDRESS: usdt,
  CHAIN_POLL_SECONDS: '1',
});

async function solvency(baseUrl: string): Promise<SolvencyAnswer> {
  const answer = (await (await fetch(`${baseUrl}/app-api/transparency/solvency`)).json()) as { data: SolvencyAnswer };
  return answer.data;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'minecloud-solvency-'));
  port = await freePort();
  const hot = privateKeyToAccount(hotKey).address;
  await chain.fundGas(hot, '10');
  // Minted by a throw-away key, so the hot wallet's nonces are the server's alone.
  const minter = generatePrivateKey();
  await chain.fundGas(privateKeyToAccount(minter).address);
  await chain.mint(minter, usdt, hot, parseUnits('150', 18));
  // Reserves are read at the block `chain.confirmations` deep: the mint must be below it. One block
  // at a time: hardhat answers calls at blocks that one hardhat_mine reserved without their state.
  for (let i = 0; i < 15; i++) await chain.rpc('evm_mine', []);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('proof of solvency in Chromium at 390×844', () => {
  let page: Page;

  it('publishes yesterday with reserves read on chain and the commitment anchored', async () => {
    server = await startE2eServer(env('api'));
    const operatorToken = (await enrolOperator(server.baseUrl)).token;
    const admin = operatorSession(server.baseUrl, operatorToken);
    ({ page } = await signInAt(browser, server.baseUrl, '/pages/my_child/assetslist/assetslist'));
    const token = await memberToken(page);
    const me = (await (
      await fetch(`${server.baseUrl}/app-api/biz/biz-user/get`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: string } };
    const credit = (await (
      await fetch(`${server.baseUrl}/admin-api/ledger/adjust`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${operatorToken}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          userId: me.data.id,
          asset: 'USDT',
          amount: '100',
          reason: 'e2e: a member balance for the proof of solvency',
        }),
      })
    ).json()) as { data: unknown };
    expect(credit.data).toMatchObject({ status: 'applied' });
    const yesterday = addDays(dayOf(new Date(), 'Asia/Shanghai'), -1);
    for (const job of ['settlement', 'pool', 'liabilities']) {
      expect(await admin('POST', 'jobs/run', { job, period: yesterday })).toMatchObject({ ran: true });
    }
    // API only: nothing reads the chain, nothing is published.
    expect((await solvency(server.baseUrl)).list).toEqual([]);
    await server.stop();

    // The same database and port, with the jobs: the member's session in the page stays valid.
    server = await startE2eServer(env('all'));
    const deadline = Date.now() + 30_000;
    let answer = await solvency(server.baseUrl);
    while (!answer.list[0]?.anchor?.blockNumber) {
      if (Date.now() > deadline) throw new Error(`not anchored: ${JSON.stringify(answer)}`);
      await new Promise((r) => setTimeout(r, 300));
      answer = await solvency(server.baseUrl);
    }
    const [day] = answer.list;
    expect(day?.day).toBe(yesterday);
    const usdtRow = day?.assets.find((a) => a.asset === 'USDT');
    expect(usdtRow?.reserves?.addresses).toEqual([
      expect.objectContaining({
        kind: 'hot',
        address: privateKeyToAccount(hotKey).address.toLowerCase(),
        balance: '150',
      }),
    ]);
    expect(usdtRow).toMatchObject({ ratio: '1.5000', covered: true, liabilities: { total: '100' } });
    const tx = (await chain.rpc('eth_getTransactionByHash', [day?.anchor?.txHash])) as { input: string };
    expect(tx.input).toBe(`0x${day?.commitment}`);
  }, 120_000);

  it('lets the member verify it in the browser, from their proof’s day, and on the command line', async () => {
    if (!server) throw new Error('no server');
    await page.goto(`${server.baseUrl}/#${TRANSPARENCY}`);
    const ratio = page.getByTestId('solvency-ratio-USDT');
    await ratio.waitFor({ timeout: 20_000 });
    expect(await ratio.textContent()).toContain('1.5');
    await page.getByTestId('solvency-gold').waitFor();
    await page.getByTestId('solvency').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/transparency-solvency.png` });
    // The member's own proof must be loaded first: the chain's check starts from its day.
    await page.goto(`${server.baseUrl}/#${TRANSPARENCY}?section=proof&asset=USDT`);
    await page.getByTestId('proof-verified').waitFor({ timeout: 20_000 });
    const button = page.getByTestId('solvency-verify-button');
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const results = page.getByTestId('solvency-results');
    await results.waitFor({ timeout: 20_000 });
    for (const check of ['solvency-check-day', 'solvency-check-chain', 'solvency-check-onchain']) {
      await expect.poll(() => results.getByTestId(check).getAttribute('data-ok'), { timeout: 20_000 }).toBe('true');
    }
    const yesterday = addDays(dayOf(new Date(), 'Asia/Shanghai'), -1);
    expect(await results.getByTestId('solvency-check-own').textContent()).toContain(yesterday);
    await results.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/transparency-solvency-verified.png` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // What the member saves passes the command-line verifier against the same chain node.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('solvency-download').click(),
    ]);
    const saved = path.join(dataDir, 'solvency.json');
    await download.saveAs(saved);
    const token = await memberToken(page);
    const proof = (await (
      await fetch(`${server.baseUrl}/app-api/transparency/liabilities/proof?asset=USDT`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: unknown };
    const proofFile = path.join(dataDir, 'proof.json');
    writeFileSync(proofFile, JSON.stringify(proof.data));
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'apps/api/src/cli/verify-proof.ts'),
        proofFile,
        '--solvency',
        saved,
        '--rpc',
        chainUrl,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(`${run.stdout}${run.stderr}`).toContain('solvency VALID');
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(saved, 'utf8')).list[0].day).toBe(yesterday);
  });
});
