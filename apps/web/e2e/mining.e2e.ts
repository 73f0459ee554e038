import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, settled, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOP = '/pages/tabbar/second/second';
const MY_MINERS = '/pages/my_child/minelist/minelist';

let browser: Browser;
let page: Page;

const text = (testId: string) => page.getByTestId(testId).first().textContent();

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await signInAt(browser, baseUrl, MY_MINERS));
});
afterAll(() => browser?.close());

describe('miners in Chromium at 390×844', () => {
  it('starts with no miners', async () => {
    await page.getByTestId('my-miners-go-shop').waitFor();
  });

  it('buys two miners in the shop after "Confirm Purchase?"', async () => {
    await page.goto(`${baseUrl}/#${SHOP}`);
    await page.getByTestId('miner-product-1').waitFor();
    await expect.poll(() => text('pool-total-hash-rate')).toMatch(/^\d/);
    await shot(page, 'miner-shop');

    // Other e2e files buy from the same demo shop at the same time: count from what is left now.
    const stockBefore = Number.parseInt((await text('miner-product-stock')) ?? '', 10);
    await page.getByTestId('miner-buy-1').click();
    await page.getByTestId('buy-form').waitFor();
    expect(await text('buy-product-name')).toBe('Antminer S19 XP');
    expect(await text('buy-burn-note')).toContain('5%');
    await page.getByTestId('buy-quantity-plus').click();
    await expect.poll(() => text('buy-total')).toBe('200.00');
    await expect.poll(() => text('buy-available')).toContain('1,000.00');
    await settled(page, '.adm-popup-body');
    await shot(page, 'miner-buy-sheet');

    await page.getByTestId('buy-submit').click();
    await page.getByText('确认购买？').waitFor();
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await page.getByText('购买成功，新增算力 190.00 TH/s').waitFor();
    await page.getByTestId('buy-form').waitFor({ state: 'detached' });
    await expect
      .poll(async () => Number.parseInt((await text('miner-product-stock')) ?? '', 10))
      .toBeLessThanOrEqual(stockBefore - 2);
  });

  it('shows the two miners mining, and the purchase and the burn in the hash-rate records', async () => {
    await page.goto(`${baseUrl}/#${MY_MINERS}`);
    await page
      .locator('[data-testid^="my-miner-"][data-testid$="-name"], [data-testid="my-miner-name"]')
      .first()
      .waitFor();
    const cards = page.getByTestId('my-miner-status');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.allTextContents()).toEqual(['挖矿中', '挖矿中']);
    expect(await page.getByTestId('my-miner-hash-rate').allTextContents()).toEqual([
      expect.stringContaining('95.00'),
      expect.stringContaining('95.00'),
    ]);
    await shot(page, 'my-miners');

    await page.goto(`${baseUrl}/#/pages/my_child/power/power`);
    await expect.poll(() => text('power-own')).toContain('190.00');
    await page.getByTestId('output-chart-empty').or(page.getByTestId('output-chart')).first().waitFor();
    await shot(page, 'hash-rate');

    await page.getByTestId('hash-rate-go-details').click();
    await page.getByTestId('power-record-kind').first().waitFor();
    const kinds = await page.getByTestId('power-record-kind').allTextContents();
    const quantities = await page.getByTestId('power-record-quantity').allTextContents();
    expect(kinds.map((kind, i) => [kind, quantities[i]?.replace(/\s/g, '')])).toEqual([
      ['销毁', expect.stringMatching(/^[-−]10\.00/)],
      ['购买矿机', expect.stringMatching(/^\+200\.00/)],
    ]);
    await shot(page, 'hash-rate-details');
  });
});
