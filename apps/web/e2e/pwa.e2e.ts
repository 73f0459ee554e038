import { LOCALES } from '@minecloud/contract/locales';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, phoneContext, shot, waitForLive } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the installable app in Chromium at 390×844', () => {
  it('serves a valid manifest in each language, with its icons, and the page names the one of its language', async () => {
    for (const locale of LOCALES) {
      const path = locale === 'zh-CN' ? '/manifest.webmanifest' : `/manifest-${locale}.webmanifest`;
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as {
        name: string;
        lang: string;
        display: string;
        start_url: string;
        theme_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ lang: locale, display: 'standalone', start_url: '/#/', theme_color: '#0b1633' });
      expect(manifest.name).toMatch(/^MineCloud /);
      for (const icon of manifest.icons) {
        const image = await fetch(`${baseUrl}${icon.src}`);
        expect(image.status, icon.src).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
      }
    }
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/pages/about/i18n`);
    const link = page.locator('link[rel="manifest"]');
    expect(await link.getAttribute('href')).toBe('/manifest.webmanifest');
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => link.getAttribute('href')).toBe('/manifest-en.webmanifest');
    await context.close();
  });

  it('registers its service worker, opens the shell with the network cut and shows the offline page; API answers never come from it', async () => {
    const context = await phoneContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    const streams: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/stream')) streams.push(request.url());
    });
    await page.goto(`${baseUrl}/#/`);
    await page.getByTestId('home-app-name').waitFor();
    // The member taps at once, before the start-up's deferred work (the service worker, the live
    // stream: main.tsx, 4 s after the load and idle) has begun: it still runs after that first
    // interaction.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(streams).toEqual([]);
    await page.getByTestId('tab-second').click();
    await page.getByTestId('miner-buy-1').waitFor();
    await waitForLive(page);
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-app-name').waitFor();
    // Registered once the page has loaded and is idle; installed once it has kept the app's files.
    const state = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.state ?? 'none',
      undefined,
    );
    expect(['activating', 'activated']).toContain(state);
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const precached = await worker.text();
    // With its push handlers (src/pwa/push-worker.ts), imported from a script of their own.
    expect(precached).toContain('importScripts("push-sw.js")');
    const push = await fetch(`${baseUrl}/push-sw.js`);
    expect(push.status).toBe(200);
    expect(await push.text()).toMatch(
      /showNotification[\s\S]*notificationclick|notificationclick[\s\S]*showNotification/,
    );
    // What one screen loads on a tap is not kept up front: the QR code reader (its 1 MB WebAssembly
    // and its ponyfill) and the wallet payment's code.
    for (const heavy of ['zxing_reader', '.wasm', 'ponyfill-', 'qr-scanner-', 'pay-from-wallet-']) {
      expect(precached).not.toContain(heavy);
    }

    await page.reload();
    await page.getByTestId('home-app-name').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    // The shell (its first frame and the app) came from the worker; the app says it is offline.
    await page.getByTestId('offline-page').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('offline-page').textContent()).toContain('网络已断开');
    await shot(page, 'offline');
    // An API call with the network cut fails: no answer was kept to be served again.
    const answer = await page.evaluate(() =>
      fetch('/app-api/biz/biz-config/get/basic').then(
        (res) => `status ${res.status}`,
        () => 'failed',
      ),
    );
    expect(answer).toBe('failed');

    // Back online, the page comes back by itself.
    await context.setOffline(false);
    await page.getByTestId('offline-page').waitFor({ state: 'detached' });
    await page.getByTestId('home-app-name').waitFor();
    await context.close();
  });
});
