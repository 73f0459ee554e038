import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedReady, launchChromium, phoneContext, shot } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

/** How many pixels of the chart's canvases are not the background: a drawn chart has many. */
function paintedPixels(p: Page) {
  return p.getByTestId('kline-chart').evaluate((chart) => {
    let painted = 0;
    for (const canvas of Array.from(chart.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
        // Up candles are green, down candles red: count strongly coloured pixels.
        if (a > 0 && (g > r + 60 || r > g + 60) && Math.max(r, g) > 120 && b < 160) painted++;
      }
    }
    return painted;
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await phoneContext(browser)).newPage();
  await feedReady(baseUrl);
});
afterAll(() => browser?.close());

describe('markets in Chromium at 390×844', () => {
  it('shows the market trend with simulated prices, labelled as simulated', async () => {
    await page.goto(`${baseUrl}/#/pages/tabbar/four/four`);
    await expect.poll(() => page.getByText('模拟行情').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('BTC').count()).toBeGreaterThan(0);
    await shot(page, 'market-trend');
  });

  it('draws the candlestick chart and switches daily, weekly and monthly', async () => {
    await page.goto(`${baseUrl}/#/pages/three_child/kline/kline?symbol=BTCUSDT`);
    const chart = page.getByTestId('kline-chart');
    await chart.waitFor();
    await expect.poll(() => chart.getAttribute('data-interval'), { timeout: 20_000 }).toBe('1d');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(30);
    await expect.poll(() => paintedPixels(page), { timeout: 10_000 }).toBeGreaterThan(500);
    expect(await page.getByText('模拟行情').count()).toBeGreaterThan(0);
    await shot(page, 'kline-daily');

    for (const [tab, min] of [
      ['1w', 20],
      ['1M', 6],
    ] as const) {
      await page.getByTestId(`kline-tab-${tab}`).click();
      await expect.poll(() => chart.getAttribute('data-interval'), { timeout: 20_000 }).toBe(tab);
      await expect
        .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(min);
      await expect.poll(() => paintedPixels(page), { timeout: 10_000 }).toBeGreaterThan(200);
      await shot(page, `kline-${tab === '1w' ? 'weekly' : 'monthly'}`);
    }
    await page.getByTestId('kline-tab-1d').click();
    await expect.poll(() => chart.getAttribute('data-interval')).toBe('1d');
  });

  it('lets a vertical swipe over the chart scroll the page, not the chart', async () => {
    // A short screen, so the page has somewhere to scroll.
    const context = await browser.newContext({
      viewport: { width: 390, height: 480 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    const short = await context.newPage();
    await short.goto(`${baseUrl}/#/pages/three_child/kline/kline?symbol=BTCUSDT`);
    const chart = short.getByTestId('kline-chart');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const scrolled = () =>
      short.evaluate(() =>
        Math.max(
          window.scrollY,
          ...Array.from(document.querySelectorAll('*')).map((el) => (el as HTMLElement).scrollTop),
        ),
      );
    expect(await scrolled()).toBe(0);
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    // A finger down on the chart's lower half, moved 200 px up.
    const cdp = await context.newCDPSession(short);
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(Math.min(box.y + box.height - 20, 460));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 20 }] });
      await short.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(scrolled).toBeGreaterThan(50);
    await context.close();
  });

  it('lists the up/down rounds of 1 and 3 minutes with open, close and result', async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/drawrecord/drawrecord`);
    await expect.poll(() => page.getByTestId('round-row').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await shot(page, 'draw-record-1m');
    const oneMinute = await page.getByTestId('round-row').first().innerText();
    await page.getByTestId('round-tab-3').click();
    await expect.poll(async () => (await page.getByTestId('round-row').first().innerText()) !== oneMinute).toBe(true);
    await expect.poll(() => page.getByTestId('round-row').count()).toBeGreaterThan(3);
    await shot(page, 'draw-record-3m');
  });

  it('recomputes a settled round from its stored minute candles on a tap', async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/drawrecord/drawrecord`);
    const settled = page.locator('[data-testid="round-row"]:not([data-result="pending"])').first();
    await settled.waitFor({ timeout: 20_000 });
    await settled.getByTestId('round-check').click();
    const verdict = page.getByTestId('round-check-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    expect(await verdict.getAttribute('data-verdict')).toBe('match');
    expect(await page.getByTestId('round-check-candle').count()).toBe(1);
    await shot(page, 'draw-record-recomputed');
  });

  it('shows the public chain zone with prices and 24h change', async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/chainlist/chainlist`);
    await expect.poll(() => page.getByText('Solana').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByText('Bitcoin').count()).toBe(0);
    await shot(page, 'chain-zone');
    await page.goto(`${baseUrl}/#/pages/my_child/coinlist/coinlist`);
    await expect.poll(() => page.getByText('BTC/USDT').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('AVAX/USDT').count()).toBeGreaterThan(0);
    await shot(page, 'coin-list');
  });
});
