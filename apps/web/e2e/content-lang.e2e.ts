import type { Banner } from '@minecloud/contract/config';
import type { Notice, NoticeRow } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openInLanguage, phoneInLanguage, shot } from './browser.ts';

const baseUrl = inject('baseUrl');
const CHINESE = /[\u4e00-\u9fff]/;
const HANGUL = /[\uac00-\ud7af]/;
/** The demo's notices and article (modules/demo/seed.ts): each has a version in every language. */
const DEMO = { article: '上下行开奖规则说明', maintenance: '平台维护通知', welcome: '欢迎来到 MineCloud 演示版' };
type DemoItem = keyof typeof DEMO;

let browser: Browser;
const ids = {} as Record<DemoItem, string>;

/** What the API answers a reader in `lang` (as the app asks: Accept-Language). */
async function answer<T>(path: string, lang: Locale): Promise<T> {
  const response = await fetch(`${baseUrl}/app-api/${path}`, { headers: { 'accept-language': lang } });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  browser = await launchChromium();
  // Other files publish notices of their own meanwhile: the checks are on the demo's.
  for (const type of ['notice', 'article']) {
    const page = await answer<{ list: NoticeRow[] }>(`biz/biz-notice/page?pageNo=1&pageSize=100&type=${type}`, 'zh-CN');
    for (const [item, title] of Object.entries(DEMO)) {
      const found = page.list.find((row) => row.title === title);
      if (found) ids[item as DemoItem] = found.id;
    }
  }
  expect(Object.keys(ids).sort()).toEqual(Object.keys(DEMO).sort());
});
afterAll(() => browser?.close());

const phoneIn = (lang: Locale) => phoneInLanguage(browser, lang);
const open = (page: Page, lang: Locale, hash: string) => openInLanguage(page, baseUrl, lang, hash);

const textOf = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').trim();

/** Home, the notice and article lists and each demo item's page: their content's texts, by place. */
async function contentTexts(page: Page, lang: Locale): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  await open(page, lang, '/');
  await page.locator('[data-testid="home-banners"] .banners__title').first().waitFor();
  texts.banner = await textOf(page, '[data-testid="home-banners"] .banners__text');
  await page.getByTestId('home-notice-title').waitFor();
  texts.noticeBar = await textOf(page, '[data-testid="home-notice-title"]');
  await shot(page, `content-home-${lang}`);

  await open(page, lang, '/pages/second_child/noticelist/noticelist');
  for (const item of ['maintenance', 'welcome'] as const) {
    texts[`${item}Row`] = ((await page.getByTestId(`notice-row-${ids[item]}`).textContent()) ?? '').trim();
  }
  await shot(page, `content-notices-${lang}`);
  await open(page, lang, '/pages/second_child/noticelist/noticelist?type=article');
  texts.articleRow = ((await page.getByTestId(`notice-row-${ids.article}`).textContent()) ?? '').trim();

  for (const [item, path] of [
    ['maintenance', '/pages/three_child/sectioninfo/sectioninfo'],
    ['article', '/pages/my_child/richarticle/richarticle'],
  ] as const) {
    await open(page, lang, `${path}?id=${ids[item]}`);
    await page.getByTestId('notice-content').waitFor();
    texts[`${item}Title`] = await textOf(page, '[data-testid="notice-title"]');
    texts[`${item}Content`] = await textOf(page, '[data-testid="notice-content"]');
    if (item === 'article') texts.articleLead = await textOf(page, '[data-testid="notice-lead"]');
  }
  await shot(page, `content-article-${lang}`);
  return texts;
}

describe('content per language in Chromium at 390×844', () => {
  for (const lang of ['en', 'ko-KR'] as const) {
    it(`shows banners, the notice bar, notices and the article in ${lang}, with no Chinese`, async () => {
      const page = await phoneIn(lang);
      const texts = await contentTexts(page, lang);
      for (const [place, text] of Object.entries(texts)) {
        expect(text, place).not.toBe('');
        expect(text, `${place}: ${text}`).not.toMatch(CHINESE);
      }
      // Their own version, not only not Chinese: Korean shows Hangul; each is the one the API answers.
      if (lang === 'ko-KR') expect(texts.maintenanceTitle).toMatch(HANGUL);
      const [banner] = (await answer<{ banners: Banner[] }>('biz/biz-config/get/basic', lang)).banners;
      expect(banner?.lang).toBe(lang);
      expect(texts.banner).toContain(banner?.title);
      const maintenance = await answer<Notice>(`biz/biz-notice/get?id=${ids.maintenance}`, lang);
      expect([maintenance.lang, texts.maintenanceTitle]).toEqual([lang, maintenance.title]);
      // The app tags the text with its version's language.
      expect(await page.getByTestId('notice-title').getAttribute('lang')).toBe(lang);
      await page.context().close();
    });
  }

  it('still shows the Chinese versions in Chinese', async () => {
    const page = await phoneIn('zh-CN');
    const texts = await contentTexts(page, 'zh-CN');
    expect(texts.maintenanceTitle).toBe(DEMO.maintenance);
    expect(texts.articleTitle).toBe(DEMO.article);
    expect(texts.welcomeRow).toContain(DEMO.welcome);
    for (const place of [
      'banner',
      'maintenanceRow',
      'articleRow',
      'maintenanceContent',
      'articleContent',
      'articleLead',
    ]) {
      expect(texts[place], place).toMatch(CHINESE);
    }
    await page.context().close();
  });

  it('draws banner art without any text: the title is the app’s, over it', async () => {
    const { banners } = await answer<{ banners: Banner[] }>('biz/biz-config/get/basic', 'en');
    expect(banners.length).toBeGreaterThan(0);
    for (const image of new Set(banners.map((b) => b.image))) {
      const svg = await (await fetch(`${baseUrl}${image}`)).text();
      expect(svg, image).toMatch(/<svg[\s>]/);
      expect(svg, image).not.toMatch(/<text[\s>]/);
      expect(svg, image).not.toMatch(CHINESE);
    }
  });
});
