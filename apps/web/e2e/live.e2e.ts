import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, memberToken, shot, signInAt } from './browser.ts';

/**
 * The live stream in Chromium at 390×844: once the page is idle the app connects, shows the live
 * marker, and a balance changed by someone else shows without a reload.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the live stream', () => {
  it('shows the live marker, and a gift received on my assets without a reload', async () => {
    const receiver = await signInAt(browser, baseUrl, '/pages/my_child/assetslist/assetslist');
    // The marker is on the tab pages (those without a back button).
    await receiver.page.goto(`${baseUrl}/#/pages/tabbar/home/home`);
    await receiver.page.getByTestId('live-marker').waitFor({ timeout: 20_000 });
    expect(await receiver.page.getByTestId('live-marker').textContent()).toBe('实时');
    await shot(receiver.page, 'live-marker');
    const receiverId = await receiver.page.evaluate(
      async (token) => {
        const res = await fetch('/app-api/biz/biz-user/get', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { data: { id: string } }).data.id;
      },
      await memberToken(receiver.page),
    );

    await receiver.page.goto(`${baseUrl}/#/pages/my_child/assetslist/assetslist`);
    const gold = receiver.page.getByTestId('asset-available-GOLD');
    await gold.waitFor();
    const before = await gold.textContent();

    // Another member gifts gold (the demo's welcome balance) through the API.
    const giver = await signInAt(browser, baseUrl, '/pages/my_child/assetslist/assetslist');
    const giverToken = await memberToken(giver.page);
    const navigations: string[] = [];
    receiver.page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const sent = await fetch(`${baseUrl}/app-api/asset/send`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${giverToken}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ toUserId: receiverId, asset: 'GOLD', amount: '7' }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(0);
    await expect.poll(() => gold.textContent(), { timeout: 10_000 }).not.toBe(before);
    expect(navigations).toEqual([]);
    await shot(receiver.page, 'live-gift-received');
    await giver.context.close();
    await receiver.context.close();
  });
});
