import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCALES, type Locale, languageFromLocale } from '@minecloud/contract/locales';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../api/src/lib/calendar.ts';
import { freePort } from '../../api/test/net.ts';
import { launchChromium, memberToken, operatorSession, SCREENSHOTS, signInAt } from './browser.ts';
import { type E2eServer, enrolOperator, startE2eServer } from './server.ts';

/**
 * The mining output paid from the network, end to end, on a server of its own (API only, so no
 * scheduled job runs): the demo takes its days from its simulated chain, network mode on from the
 * start. A member buys a miner; the miner is dated back (the server stopped, its PGlite opened here),
 * so that it mined the whole of yesterday; the operator settles yesterday. The hash-rate page shows
 * the day's network figures, labelled simulated, and the member's output; the Transparency page
 * recomputes the day from its blocks and agrees with what the member was credited; and the card's
 * heading is in each of the five languages.
 */

const HASH_RATE = '/pages/my_child/power/power';
const TRANSPARENCY = '/pages/my_child/transparency/transparency';
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let port: number;
let server: E2eServer | undefined;
let browser: Browser;
let page: Page;
let token: string;
const yesterday = addDays(dayOf(new Date(), 'Asia/Shanghai'), -1);

const env = () => ({
  MODE: 'api',
  DATA_DIR: dataDir,
  PORT: String(port),
  // The same keys over the restart: the member's session stays valid.
  JWT_SECRET: 'e2e-network-pay-master-secret-0123456789',
});

async function memberGet<T>(url: string): Promise<T> {
  const answer = await fetch(`${server?.baseUrl}/app-api/${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: T }).data;
}

type OutputDay = { day: string; btc: string; hashRate: string; settled: { output: string; rate: string } | null };
type NetworkDay = { day: string; source: string; btcPerTh: string; settled: { rate: string } | null };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'minecloud-network-pay-'));
  port = await freePort();
  server = await startE2eServer(env());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const rateText = (rate: string) => rate.replace(/0+$/, '').replace(/\.$/, '');

describe('the network pays a day, in Chromium at 390×844', () => {
  it("settles yesterday from the simulated chain and shows the day's figures on the hash-rate page", async () => {
    const baseUrl = server?.baseUrl ?? '';
    ({ page } = await signInAt(browser, baseUrl, HASH_RATE));
    token = await memberToken(page);
    const post = async (url: string, body: object) =>
      (await (
        await fetch(`${baseUrl}/app-api/${url}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify(body),
        })
      ).json()) as { code: number; data: { list?: { id: string }[] } };
    const products = await post('user_mining_machines/miningMachineList', {});
    const bought = await post('user_mining_machines/clickBuy', { productId: products.data.list?.[0]?.id, quantity: 1 });
    expect(bought.code).toBe(0);

    // A miner bought now earns from its first full day: date it back, so that it mined all of yesterday.
    await server?.stop();
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.query(`update miners set start_at = start_at - interval '3 days'`);
    await db.close();
    server = await startE2eServer(env());

    const admin = operatorSession(baseUrl, (await enrolOperator(baseUrl)).token);
    expect(await admin('POST', 'jobs/run', { job: 'settlement', period: yesterday })).toMatchObject({ ran: true });

    const output = await memberGet<{ list: OutputDay[] }>('user_mining_machines/dailyOutput?days=5');
    const mine = output.list.find((day) => day.day === yesterday);
    expect(mine?.settled?.output).toBe('network');
    expect(mine?.hashRate).toBe('95');
    expect(Number(mine?.btc)).toBeGreaterThan(0);
    const days = await memberGet<{ list: NetworkDay[] }>('transparency/network-days?days=5');
    const network = days.list.find((day) => day.day === yesterday);
    expect(network).toMatchObject({ source: 'simulated', settled: { rate: mine?.settled?.rate } });

    await page.goto(`${baseUrl}/#${HASH_RATE}`);
    await page.reload();
    const card = page.getByTestId('network-pay');
    const day = card.locator(`[data-testid="network-pay-day"][data-day="${yesterday}"]`);
    await day.waitFor({ timeout: 20_000 });
    expect(await day.getAttribute('data-output')).toBe('network');
    const source = card.getByTestId('network-pay-source');
    expect(await source.getAttribute('data-source')).toBe('simulated');
    expect(await source.textContent()).toContain('模拟链（演示）');
    expect(await day.getByTestId('network-pay-per-th').textContent()).toBe(`${rateText(network?.btcPerTh ?? '')} BTC`);
    expect(await day.getByTestId('network-pay-rate').textContent()).toBe(`${rateText(mine?.settled?.rate ?? '')} BTC`);
    expect(await day.getByTestId('network-pay-mine').textContent()).toBe(
      `95.00 TH/s × ${rateText(mine?.settled?.rate ?? '')} = ${mine?.btc} BTC`,
    );
    expect(Number(await day.getByTestId('network-pay-blocks').textContent())).toBeGreaterThan(100);
    // The chart's slots span 30 days: yesterday's is the last, and the only one with a bar.
    const bars = card.getByTestId('network-rate-bar');
    await expect.poll(() => bars.count()).toBe(30);
    expect(await bars.last().getAttribute('data-day')).toBe(yesterday);
    expect(Number(await bars.last().getAttribute('height'))).toBeGreaterThan(0);
    await card.screenshot({ path: `${SCREENSHOTS}/hash-rate-network-pay.png` });
  });

  it("recomputes the day on the Transparency page, matching the rate paid and the member's output", async () => {
    await page.goto(`${server?.baseUrl}/#${TRANSPARENCY}?section=network`);
    const verdict = page.getByTestId('network-check-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('network-check-day').inputValue()).toBe(yesterday);
    expect(await page.getByTestId('network-check-source').getAttribute('data-source')).toBe('simulated');
    expect(await verdict.getAttribute('data-match')).toBe('true');
    const mine = page.getByTestId('network-check-mine-verdict');
    await mine.waitFor();
    expect(await mine.getAttribute('data-match')).toBe('true');
    const output = await memberGet<{ list: OutputDay[] }>('user_mining_machines/dailyOutput?days=5');
    expect(await mine.textContent()).toContain(output.list.find((day) => day.day === yesterday)?.btc);
    expect(await page.getByTestId('network-check-cli').textContent()).toContain(
      `npm run network:verify -- --day ${yesterday} --server ${server?.baseUrl}`,
    );
    await page.locator('#transparency-network').screenshot({ path: `${SCREENSHOTS}/transparency-network-check.png` });
  });

  it('names the card in each of the five languages', async () => {
    await page.goto(`${server?.baseUrl}/#${HASH_RATE}`);
    for (const lang of LOCALES as readonly Locale[]) {
      const texts = JSON.parse(
        readFileSync(path.join(root, `apps/web/src/i18n/feature-locales/networkPay/${lang}.json`), 'utf8'),
      ) as { networkPayTitle: string };
      // As the language switch does: the stored session, then one load.
      await page.evaluate(
        ([language, localType]) => {
          const stored = JSON.parse(localStorage.getItem('minecloud-session') ?? '{"state":{},"version":0}');
          stored.state = { ...stored.state, language, localType };
          localStorage.setItem('minecloud-session', JSON.stringify(stored));
        },
        [languageFromLocale(lang), lang],
      );
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(lang);
      await expect
        .poll(() => page.locator('#network-pay-title').textContent(), { timeout: 15_000 })
        .toBe(texts.networkPayTitle);
    }
  });
});
