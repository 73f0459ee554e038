import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../api/src/lib/calendar.ts';
import { launchChromium, memberToken, type OperatorCall, operatorSession, SCREENSHOTS, signInAt } from './browser.ts';
import { type E2eServer, enrolOperator, startE2eServer } from './server.ts';

/**
 * Proof of liabilities end to end, on a server of its own (API only, so no scheduled job runs
 * before the member exists): a member signs in (demo mode credits newcomers); the operator closes yesterday
 * (settlement, pool, then the liabilities snapshot); the member's balance is verified in Chromium
 * against the published root, a tampered answer is refused in the browser, and the same proof saved
 * to a file passes `npm run proof:verify` while a tampered copy fails it.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const TRANSPARENCY = '/pages/my_child/transparency/transparency';
let server: E2eServer;
let browser: Browser;
let admin: OperatorCall;
let scratch: string;

beforeAll(async () => {
  server = await startE2eServer({ MODE: 'api' });
  admin = operatorSession(server.baseUrl, (await enrolOperator(server.baseUrl)).token);
  browser = await launchChromium();
  scratch = mkdtempSync(path.join(tmpdir(), 'minecloud-proof-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Proof = { userId: string; amount: string; salt: string; path: { hash: string; sum: string; side: string }[] };

function verifyOnCommandLine(proof: unknown): { status: number | null; out: string } {
  const file = path.join(scratch, `proof-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(proof));
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/cli/verify-proof.ts'), file],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('proof of liabilities in Chromium at 390×844', () => {
  it('verifies a member’s balance against the published root, in the browser and on the command line', async () => {
    const { page } = await signInAt(browser, server.baseUrl, '/pages/my_child/assetslist/assetslist');
    const token = await memberToken(page);
    // A demo member starts with 1,000 USDT of its own (demo mode credits every newcomer).
    const me = (await (
      await fetch(`${server.baseUrl}/app-api/biz/biz-user/get`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { balances: { USDT: string } } };
    const balance = me.data.balances.USDT;
    expect(balance).toBe('1000');

    const yesterday = addDays(dayOf(new Date(), 'Asia/Shanghai'), -1);
    for (const job of ['settlement', 'pool', 'liabilities']) {
      expect(await admin('POST', 'jobs/run', { job, period: yesterday })).toMatchObject({ ran: true });
    }

    await page.goto(`${server.baseUrl}/#${TRANSPARENCY}?section=proof&asset=USDT`);
    const verified = page.getByTestId('proof-verified');
    await verified.waitFor({ timeout: 20_000 });
    // Amounts are shown with thousands separators (1,000): compared without them.
    expect((await verified.textContent())?.replaceAll(',', '')).toContain(balance);
    expect(await verified.textContent()).toContain(yesterday);
    await page.screenshot({ path: `${SCREENSHOTS}/transparency-proof-verified.png` });

    // The same proof, saved: the command-line verifier agrees; a changed sibling sum is refused.
    const answer = (await (
      await fetch(`${server.baseUrl}/app-api/transparency/liabilities/proof?asset=USDT`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { proof: Proof } };
    const proof = answer.data.proof;
    expect(proof.amount).toBe('1000000000');
    expect(verifyOnCommandLine(proof)).toMatchObject({ status: 0 });
    const [first, ...rest] = proof.path;
    const tampered = { ...proof, path: [{ ...first, sum: String(BigInt(first?.sum ?? '0') + 1n) }, ...rest] };
    const refused = verifyOnCommandLine(tampered);
    expect(refused.status).toBe(1);

    // The browser refuses the tampered answer too, saying why.
    await page.route('**/app-api/transparency/liabilities/proof*', async (route) => {
      const original = await route.fetch();
      const body = (await original.json()) as { data: { proof: Proof } };
      body.data.proof = tampered as Proof;
      await route.fulfill({ response: original, json: body });
    });
    await page.reload();
    const failed = page.getByTestId('proof-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('proof-failed-reason').getAttribute('data-reason')).toBe('rootMismatch');
    await page.screenshot({ path: `${SCREENSHOTS}/transparency-proof-tampered.png` });
    await page.unroute('**/app-api/transparency/liabilities/proof*');
  });

  it('shows the public totals and the published roots to a visitor', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/#${TRANSPARENCY}`);
    const published = (await (await fetch(`${server.baseUrl}/app-api/transparency/liabilities`)).json()) as {
      data: { list: { asset: string; total: string; totalUnits: string }[] };
    };
    const usdt = published.data.list.find((r) => r.asset === 'USDT');
    const total = page.getByTestId('liability-root-USDT').getByTestId('liability-total');
    await total.waitFor({ timeout: 20_000 });
    // The member's 1,000 USDT is in it (beside the demo members' balances), shown as published.
    expect(BigInt(usdt?.totalUnits ?? '0')).toBeGreaterThanOrEqual(1_000_000_000n);
    expect((await total.textContent())?.replaceAll(',', '')).toContain(usdt?.total);
    await page.getByTestId('proof-sign-in').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/transparency-visitor.png`, fullPage: true });
    await context.close();
  });
});
