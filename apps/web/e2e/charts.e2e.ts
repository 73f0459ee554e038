import { LOCALES, type Locale, languageFromLocale } from '@minecloud/contract/locales';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedReady, launchChromium, PHONE, settled, shot, signInAt } from './browser.ts';
import { layoutProblems } from './layout-check.ts';

const baseUrl = inject('baseUrl');
const SHOP = '/pages/tabbar/second/second';
const MY_MINERS = '/pages/my_child/minelist/minelist';
const KLINE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w', '1M'] as const;

let browser: Browser;
let page: Page;

const text = (testId: string) => page.getByTestId(testId).first().textContent();
/** Whether the page is wider than the phone: a chart or a label pushing out sideways. */
const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** The canvases lightweight-charts drew in the k-line chart: how many, and how many of them have a size. */
function canvases() {
  return page.getByTestId('kline-chart').evaluate((chart) => {
    const all = Array.from(chart.querySelectorAll('canvas'));
    return { count: all.length, sized: all.filter((canvas) => canvas.width > 0 && canvas.height > 0).length };
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await signInAt(browser, baseUrl, MY_MINERS));
  await feedReady(baseUrl);
});
afterAll(() => browser?.close());

describe('charts in Chromium at 390×844', () => {
  it("draws today's estimated output, labelled so, for a member with a miner and no settled day", async () => {
    await page.goto(`${baseUrl}/#${SHOP}`);
    await page.getByTestId('miner-buy-1').click();
    await page.getByTestId('buy-form').waitFor();
    await settled(page, '.adm-popup-body');
    await page.getByTestId('buy-submit').click();
    await page.getByText('确认购买？').waitFor();
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await page.getByTestId('buy-form').waitFor({ state: 'detached' });
    await page.getByText(/购买成功/).waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/#/pages/my_child/power/power`);
    const estimate = page.locator('[data-testid="output-bar"][data-estimate]');
    await estimate.waitFor();
    expect(await page.getByTestId('output-bar').count()).toBe(31);
    expect(await estimate.evaluate((bar) => bar.getBoundingClientRect().height)).toBeGreaterThan(20);
    expect(await text('output-chart-selected')).toMatch(/（预估）0\.\d{8} BTC$/);
    expect(await text('output-estimate-note')).toContain('TH/s');
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('output-chart').scrollIntoViewIfNeeded();
    await shot(page, 'chart-hash-rate-estimate');
  });

  it("totals my assets in USDT at the prices now, with each asset's share", async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/assetslist/assetslist`);
    await expect.poll(() => text('assets-total-usdt'), { timeout: 20_000 }).toMatch(/^\d[\d,]*\.\d{2}$/);
    expect(await text('assets-prices-used')).toMatch(/1 BTC = [\d,]+\.\d{2} USDT/);
    for (const asset of ['GOLD', 'USDT', 'BTC']) {
      expect(await text(`asset-share-${asset}`)).toMatch(/\d+\.\d{2}%$/);
    }
    const donut = await page.locator('.asset-shares__donut').boundingBox();
    expect(donut?.width).toBeGreaterThan(50);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'chart-my-assets');
  });

  it('keeps my assets still while its figures arrive late: layout shift ≤ 0.05', async () => {
    // Each answer the page waits for comes late, one after another (a slow phone link): the balances
    // after the first render's wait, then the earnings, then the BTC price. Whatever it showed first
    // holds the place of what comes. Each is held until the page shows its placeholders (index.html's
    // script, which would paint the page from its first answers, then starts the app without them).
    const delays: [RegExp, number][] = [
      [/\/asset\/selectAssetBalance/, 800],
      [/\/biz-user\/get\/earnings/, 1600],
      [/\/blockCoin\/getCoinDetail/, 2400],
    ];
    let placeholdersShown = () => {};
    const placeholders = new Promise<void>((resolve) => {
      placeholdersShown = resolve;
    });
    const fresh = await page.context().newPage();
    try {
      for (const [pattern, ms] of delays) {
        await fresh.route(pattern, async (route) => {
          await placeholders;
          await new Promise((done) => setTimeout(done, ms));
          await route.continue();
        });
      }
      // Chromium's own count of layout shifts (what Lighthouse's CLS sums), from the first paint on.
      await fresh.addInitScript(() => {
        const shifts: { value: number; nodes: string[] }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) =>
              source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node),
            );
            shifts.push({ value: entry.value, nodes });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await fresh.goto(`${baseUrl}/#/pages/my_child/assetslist/assetslist`);
      // The balances are late: the page shows its placeholders first.
      await fresh.waitForFunction(() => document.querySelector('[data-testid="my-assets-loading"]'));
      placeholdersShown();
      await expect
        .poll(() => fresh.getByTestId('asset-share-BTC').textContent(), { timeout: 20_000 })
        .toMatch(/\d+\.\d{2}%$/);
      await fresh.getByTestId('asset-earned-BTC').filter({ hasNotText: '--' }).waitFor();
      // Two frames for the last shift to be reported.
      await fresh.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await fresh.evaluate(
        () => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts,
      );
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
    } finally {
      await fresh.close();
    }
  });

  it('draws candles, moving averages and volumes for every interval, from 1m to 1M', async () => {
    await page.goto(`${baseUrl}/#/pages/three_child/kline/kline?symbol=BTCUSDT`);
    const chart = page.getByTestId('kline-chart');
    await chart.waitFor();
    for (const interval of KLINE_INTERVALS) {
      await page.getByTestId(`kline-tab-${interval}`).click();
      await expect.poll(() => chart.getAttribute('data-interval'), { timeout: 20_000 }).toBe(interval);
      await expect
        .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
        .toBeGreaterThan(1);
      const drawn = await canvases();
      expect(drawn.count).toBeGreaterThan(0);
      expect(drawn.sized).toBe(drawn.count);
      const box = await chart.boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      expect(box?.height).toBeGreaterThan(300);
      expect(await text('kline-ma-7')).toMatch(/^MA7 [\d,]+\.\d+$/);
      expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
      if (interval === '15m' || interval === '1d') await shot(page, `chart-kline-${interval}`);
    }

    // Crisp on a 2× screen: every canvas holds two device pixels per CSS pixel, and so does a picture of it.
    const backing = await page.getByTestId('kline-chart').evaluate((figure) =>
      Array.from(figure.querySelectorAll('canvas'))
        .map((canvas) => ({ box: canvas.getBoundingClientRect(), width: canvas.width, height: canvas.height }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ box, width, height }) => [width / box.width, height / box.height]),
    );
    expect(backing.length).toBeGreaterThan(3);
    for (const [x, y] of backing) {
      expect(x).toBeCloseTo(2, 1);
      expect(y).toBeCloseTo(2, 1);
    }
    const picture = await chart.screenshot();
    const box = await chart.boundingBox();
    expect(picture.readUInt32BE(16)).toBe(Math.round((box?.width ?? 0) * 2));
    // The volumes in a pane of their own under the candles (a row of the chart's table, with its own
    // axis), tall enough to read: never over the price axis' labels.
    const rows = await chart.evaluate((figure) =>
      Array.from(figure.querySelectorAll('table tr'))
        .filter((row) => row.querySelector('canvas'))
        .map((row) => Math.round(row.getBoundingClientRect().height)),
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBeGreaterThan(50);
    expect(rows[0]).toBeGreaterThan(2 * (rows[1] ?? 0));
  });

  it("asks for the range in a prompt box: invalid data is refused there, a range too long by the server's rule", async () => {
    await page.goto(`${baseUrl}/#/pages/three_child/kline/kline?symbol=BTCUSDT&interval=1d`);
    const range = page.getByTestId('kline-range');
    await expect.poll(() => range.textContent()).toBe('显示范围 · 120 天');
    await range.click();
    const input = page.getByTestId('prompt-input');
    await input.fill('1e3');
    await page.getByTestId('dialog-confirm').click();
    await expect.poll(() => page.getByTestId('prompt-invalid').textContent()).toBe('输入的数据无效');
    await shot(page, 'kline-range-invalid');
    // 400 days passes the pattern; the server's range rule answers it in place of the chart.
    await input.fill('400');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('kline-error').textContent()).toContain('天数不能超过 365');
    await range.click();
    await input.fill('30');
    await page.getByTestId('dialog-confirm').click();
    await expect
      .poll(async () => Number(await page.getByTestId('kline-chart').getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(1);
    expect(await range.textContent()).toBe('显示范围 · 30 天');
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
  });

  it('shows the equity dividends chart, empty before any dividend, within the phone', async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/equity/equity`);
    await page.getByTestId('yield-chart-empty').or(page.getByTestId('yield-chart')).first().waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
  });
});

/** The main pages a member sees, with what shows once each has its data. */
const MAIN_PAGES = [
  { hash: '/pages/tabbar/home/home', ready: '.entry-grid__item' },
  { hash: '/pages/tabbar/second/second', ready: '[data-testid="miner-buy-1"]' },
  { hash: '/pages/tabbar/three/three', ready: '[data-testid="tabbar"]' },
  { hash: '/pages/tabbar/four/four', ready: '[data-testid="tabbar"]' },
  { hash: '/pages/tabbar/team/team', ready: '[data-testid="tabbar"]' },
  { hash: '/pages/my_child/assetslist/assetslist', ready: '[data-testid="asset-share-BTC"]' },
  { hash: '/pages/second_child/noticelist/noticelist', ready: '[data-testid^="notice-row-"]' },
  { hash: '/pages/my_child/equity/equity', ready: '.nav-bar' },
  { hash: '/pages/three_child/kline/kline?symbol=BTCUSDT', ready: '[data-testid="kline-chart"]' },
] as const;
const WIDTHS = [320, 375, 390] as const;

/** Switches the signed-in app to `lang` as its language switch does (the stored session), in one load. */
async function switchLanguage(lang: Locale) {
  await page.evaluate(
    ([language, localType]) => {
      const stored = JSON.parse(localStorage.getItem('minecloud-session') ?? '{"state":{},"version":0}');
      stored.state = { ...stored.state, language, localType };
      localStorage.setItem('minecloud-session', JSON.stringify(stored));
    },
    [languageFromLocale(lang), lang],
  );
  // One load per language, at home: the pages after it are reached by a hash change.
  await page.evaluate((home) => {
    location.hash = home;
  }, MAIN_PAGES[0].hash);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(lang);
}

describe('the layout at 320, 375 and 390 px in every language', () => {
  it('keeps every label whole, no character alone and nothing wider than its box', async () => {
    const found: string[] = [];
    for (const lang of LOCALES) {
      await switchLanguage(lang);
      for (const { hash, ready } of MAIN_PAGES) {
        // The app's own navigation: a hash change, no reload.
        await page.evaluate((to) => {
          location.hash = to;
        }, hash);
        await page.locator(ready).first().waitFor({ timeout: 30_000 });
        // Until loading placeholders are gone and the texts have settled.
        await page.waitForFunction(() => !document.querySelector('.adm-skeleton, .adm-dot-loading'), undefined, {
          timeout: 10_000,
        });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: PHONE.height });
          // What measures itself on a resize (the notice bar) has drawn again.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const problems = await page.evaluate(layoutProblems);
          found.push(...problems.map((problem) => `${lang} ${width}px ${hash}: ${problem}`));
        }
        await page.setViewportSize(PHONE);
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
