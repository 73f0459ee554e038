import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, memberToken, shot, signInAt } from './browser.ts';

/**
 * The console's dashboard in Chromium at 1280×800: its history charts drawn for 7 and 90 days on the
 * demo's data and a miner bought today, and a tooltip with the day and its exact figures where the
 * pointer is; the liabilities name each source of a gap (a gold top-up and a donation here). Other files add members and purchases on the same server: figures are read, not assumed.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let desk: BrowserContext;
let page: Page;

/**
 * A new member (the demo's welcome USDT) buys one miner: today has USDT on the chart; and tops up
 * gold and donates some: gold beyond the demo credits that only top-ups and donations explain.
 */
async function buyOneMiner() {
  const { page: phone, context } = await signInAt(browser, baseUrl, '/pages/my_child/feedback/feedback');
  const token = await memberToken(phone);
  await context.close();
  const call = async (path: string, body: object) => {
    const res = await fetch(`${baseUrl}/app-api/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { list?: { id: string }[] } };
  };
  const products = await call('user_mining_machines/miningMachineList', {});
  const productId = products.data.list?.[0]?.id;
  const bought = await call('user_mining_machines/clickBuy', { productId, quantity: 1 });
  expect(bought.code).toBe(0);
  expect((await call('asset/topup', { amountUsdt: '10' })).code).toBe(0);
  expect((await call('donate_logs/clickDonate', { asset: 'GOLD', amount: '50' })).code).toBe(0);
}

beforeAll(async () => {
  browser = await launchChromium();
  await buyOneMiner();
  desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  page = await desk.newPage();
  // The owner's token from global setup, where the console keeps it: signing in through the page
  // would take the next authenticator code from the console e2e running beside this file.
  await page.goto(`${baseUrl}/admin/login`);
  await page.evaluate((token) => sessionStorage.setItem('minecloud.admin.token', token), inject('operatorToken'));
});

afterAll(async () => {
  await browser?.close();
});

/** The chart named `name` (its unit in brackets) once drawn: its canvas shown and its table of days filled. */
async function drawnChart(name: string, unit: string, days: number): Promise<{ figure: Locator; table: Locator }> {
  const figure = page.getByRole('figure', { name });
  await figure.locator('canvas').first().waitFor();
  // The table for screen readers: a header row and one row per day.
  const table = figure.getByRole('table', { name: `${name} (${unit})` });
  await expect.poll(() => table.getByRole('row').count()).toBe(days + 1);
  return { figure, table };
}

/** Moves the pointer over the last day of a chart (today, when the demo's members joined) and reads its tooltip. */
async function tooltipOfToday(figure: Locator): Promise<string> {
  const canvas = figure.getByTestId('chart-canvas');
  // The charts are below the fold at 800 px: the pointer only reaches what is on screen.
  await figure.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  const tooltip = figure.getByRole('tooltip');
  await tooltip.waitFor();
  return (await tooltip.textContent()) ?? '';
}

describe('the console dashboard in Chromium', () => {
  it('draws 7 days with their figures, and a tooltip where the pointer is', async () => {
    await page.goto(`${baseUrl}/admin/?days=7`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const members = await drawnChart('New members per day, last 7 days', 'members', 7);
    const money = await drawnChart('USDT per day, last 7 days', 'USDT', 7);
    await expect
      .poll(() => money.figure.getByRole('listitem').allTextContents())
      .toEqual(['Miner purchases', 'Deposits', 'Withdrawals']);
    // The demo's members joined today: the last day's count is not zero.
    const today = (await members.table.getByRole('row').last().getByRole('cell').textContent()) ?? '';
    expect(Number(today.replace(/,/g, ''))).toBeGreaterThan(0);

    const text = await tooltipOfToday(members.figure);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}New members:\d[\d,]* members$/);
    expect(text).toContain(`New members:${today} members`);
    await shot(page, 'console-dashboard-7-days');
  });

  it('names each source of a gap, and raises no amber for gold that top-ups and donations explain', async () => {
    await page.goto(`${baseUrl}/admin/?days=7`);
    const gold = page.getByRole('row', { name: /^GOLD/ });
    await gold.waitFor();
    expect(await gold.locator('[data-coverage]').getAttribute('data-coverage')).toMatch(/^(covered|explained)$/);
    const sources = (await gold.getByTestId('coverage-sources').textContent()) ?? '';
    expect(sources).toMatch(/Top-ups \+[\d,.]+ GOLD/);
    expect(sources).toMatch(/Donations −[\d,.]+ GOLD/);
    const table = page.locator('.ant-table').first();
    expect(await table.locator('[data-coverage="short"], .ant-tag-gold, .ant-tag-orange').count()).toBe(0);
    await shot(page, 'console-dashboard-coverage');
  });

  it('draws 90 days when asked, and follows the pointer', async () => {
    await page.getByText('90 days', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('90');
    const money = await drawnChart('USDT per day, last 90 days', 'USDT', 90);
    const members = await drawnChart('New members per day, last 90 days', 'members', 90);
    expect(await page.getByText('Last 90 days', { exact: true }).isVisible()).toBe(true);
    const text = await tooltipOfToday(money.figure);
    expect(text).toMatch(
      /^\d{4}-\d{2}-\d{2}Miner purchases:[\d,.]+ USDTDeposits:[\d,.]+ USDTWithdrawals:[\d,.]+ USDT$/,
    );
    expect(await members.figure.getByRole('tooltip').count()).toBe(0);
    await shot(page, 'console-dashboard-90-days');
  });
});
