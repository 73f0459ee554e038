import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type OperatorCall, operatorSession, phoneContext, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: OperatorCall;

/** DOMPurify's and OWASP's classic payloads: each would set window.__xss if any script ran. */
const PAYLOADS = [
  // First: the unclosed payloads below swallow what follows them.
  '<p>Plain text survives.</p>',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"></svg>',
  '<a id="js-link" href="javascript:window.__xss=4">link</a>',
  '<iframe src="javascript:window.parent.__xss=5"></iframe>',
  '<body onload="window.__xss=6">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=7">',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=window.__xss=8 src>">',
  '<details open ontoggle="window.__xss=9">',
  '<input autofocus onfocus="window.__xss=10">',
  '<video><source onerror="window.__xss=11"></video>',
  '<object data="javascript:window.__xss=12"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=13">',
  '"><script>window.__xss=15</script>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=16>">',
  '<a id="entity-link" href="&#106;avascript:window.__xss=17">entity</a>',
  '<svg><animate onbegin="window.__xss=18" attributeName=x dur=1s></animate></svg>',
].join('\n');

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
});
afterAll(() => browser?.close());

describe('content and care in Chromium at 390×844', () => {
  it('runs no script of the XSS payloads saved as an article', async () => {
    const article = await admin('POST', 'notices', {
      type: 'article',
      title: 'XSS 测试文章',
      contentHtml: PAYLOADS,
      popup: false,
    });
    await admin('POST', `notices/${article.id}/publish`);
    try {
      const page = await (await phoneContext(browser)).newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${baseUrl}/#/pages/my_child/richarticle/richarticle?id=${article.id}`);
      await page.getByText('Plain text survives.').waitFor({ timeout: 20_000 });
      for (const id of ['#js-link', '#entity-link']) {
        const link = page.locator(id);
        if ((await link.count()) > 0)
          await link
            .first()
            .click({ timeout: 2_000 })
            .catch(() => {});
      }
      await page.waitForTimeout(1_500);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      // Not only blocked by the page's CSP: nothing executable reached the page at all.
      const leftovers = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *')).flatMap((el) => [
          ...(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'META'].includes(el.tagName) &&
          el.closest('[data-rich-content], .rich-content')
            ? [el.tagName]
            : []),
          ...Array.from(el.attributes)
            .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
            .map((a) => `${el.tagName}[${a.name}]`),
        ]),
      );
      expect(leftovers).toEqual([]);
      await shot(page, 'article-xss');
      await page.context().close();
    } finally {
      await admin('POST', `notices/${article.id}/unpublish`);
    }
  });

  it("sends feedback with an image, gets the operator's reply and sees it in the history", async () => {
    const { page, context } = await signInAt(browser, baseUrl, '/pages/my_child/feedback/feedback');
    await page.getByTestId('feedback-form').waitFor();
    // Both of the spec's prompts first.
    await page.getByTestId('feedback-submit').click();
    await expect.poll(() => page.getByTestId('feedback-content-error').innerText()).toContain('请详细描述');
    await page
      .locator('textarea[data-testid="feedback-content-input"], [data-testid="feedback-content-input"] textarea')
      .fill('K线页面在弱网下加载较慢，请优化');
    const screenshot = await sharp({ create: { width: 390, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: screenshot });
    await expect
      .poll(() => page.locator('[data-testid="feedback-images"] .image-picker__open img').count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.getByTestId('image-picker-uploading').count()).toBe(0);
    await shot(page, 'feedback-form');
    await page.getByTestId('feedback-submit').click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/my_child/feedorder/feedorder'), null, {
      timeout: 15_000,
    });
    await page.getByTestId('feedback-status').first().waitFor();
    const id = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('minecloud-session') ?? '{}')?.state?.token;
      const res = await fetch('/app-api/user_problems/problemList', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
      });
      return ((await res.json()) as { data: { list: { id: string; images: string[] }[] } }).data.list[0];
    });
    expect(id?.images).toHaveLength(1);
    expect(await page.getByTestId('feedback-status').first().innerText()).toBe('待回复');

    await admin('POST', `feedback/${id?.id}/reply`, { reply: '已优化K线加载，感谢反馈！' });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('feedback-reply-text').first().innerText(), { timeout: 15_000 })
      .toBe('已优化K线加载，感谢反馈！');
    await shot(page, 'feedback-history');
    await context.close();
  });
});
