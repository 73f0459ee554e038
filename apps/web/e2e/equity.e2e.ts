import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, settled, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const EQUITY = '/pages/my_child/equity/equity';
const ORDERS = '/pages/my_child/equityorder/equityorder';

let browser: Browser;
let page: Page;

const text = (testId: string) => page.getByTestId(testId).first().textContent();

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await signInAt(browser, baseUrl, ORDERS));
});
afterAll(() => browser?.close());

describe('equity in Chromium at 390×844', () => {
  it('starts with no share orders', async () => {
    await page.getByTestId('equity-orders-go-invest').waitFor();
  });

  it('buys three shares of the demo round after "Confirm Purchase?"', async () => {
    await page.goto(`${baseUrl}/#${EQUITY}`);
    await page.getByTestId('equity-round').waitFor();
    expect(await text('equity-price')).toBe('10.00');
    expect(await text('equity-yield')).toContain('18');
    const remainingBefore = Number((await text('equity-remaining'))?.replace(/\D/g, ''));
    await shot(page, 'equity');

    // The spec's notice where trading is offered but not open.
    await page.getByTestId('equity-trade').click();
    await page.getByText('股权交易功能还在开发中').waitFor();

    await page.getByTestId('equity-buy').click();
    await page.getByTestId('share-buy-form').waitFor();
    await page.getByTestId('share-buy-quantity-plus').click();
    await page.getByTestId('share-buy-quantity-plus').click();
    await expect.poll(() => text('share-buy-total')).toBe('30.00');
    await expect.poll(() => text('share-buy-available')).toContain('1,000.00');
    await settled(page, '.adm-popup-body');
    await shot(page, 'equity-buy-sheet');

    await page.getByTestId('share-buy-submit').click();
    await page.getByText('确认购买？').waitFor();
    expect(await text('share-buy-confirm-total')).toBe('30.00 USDT');
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await page.getByTestId('share-buy-success').waitFor();
    expect(await text('share-buy-success-message')).toBe('购买股权成功，请在股权订单中查看');
    expect(await text('share-buy-success-quantity')).toBe('3 股');
    expect(await text('share-buy-success-payment')).toContain('30');
    await shot(page, 'equity-buy-success');

    await page.getByTestId('share-buy-success-done').click();
    await expect
      .poll(async () => Number((await text('equity-remaining'))?.replace(/\D/g, '')))
      .toBe(remainingBefore - 3);
  });

  it('shows the order, active, with its payment, and its detail with no earnings yet', async () => {
    await page.getByTestId('equity-go-orders').click();
    await page.waitForFunction((path) => location.hash.startsWith(`#${path}`), ORDERS);
    await page.getByTestId('equity-order-quantity').first().waitFor();
    expect(await page.getByTestId('equity-order-quantity').count()).toBe(1);
    expect(await text('equity-order-quantity')).toContain('3');
    expect(await text('equity-order-payment')).toContain('30');
    expect(await text('equity-order-status')).toBe('收益中');
    expect(await text('equity-order-source')).toBe('购买');
    await shot(page, 'equity-orders');

    // Navigation is throttled to once per 500 ms (lib/navigation.ts): a person does not tap that fast.
    await page.waitForTimeout(600);
    await page.locator('[data-testid^="equity-order-open-"]').first().click();
    await page.getByTestId('equity-order-detail').waitFor();
    expect(await text('equity-detail-total-u')).toBe('0.00');
    await page.getByTestId('equity-detail-days-empty').waitFor();
    await shot(page, 'equity-order-detail');
  });
});
