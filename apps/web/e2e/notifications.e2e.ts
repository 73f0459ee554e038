import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, memberToken, type OperatorCall, operatorSession, shot, signInAt } from './browser.ts';

/**
 * The notification centre in Chromium at 390×844: a member's feedback gets the operator's
 * reply; home shows an unread badge; the centre shows the reply in Chinese and in English; opening
 * it marks it read and the badge goes away.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: OperatorCall;

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
});
afterAll(() => browser?.close());

/** Feedback with one image, sent with the member's session as the feedback page sends it. */
async function sendFeedback(page: Page, content: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
  const token = await memberToken(page);
  return page.evaluate(
    async ([token, base64, content]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'screen.png');
      const auth = { authorization: `Bearer ${token}` };
      const uploaded = await (
        await fetch('/app-api/biz/biz-user/upload', { method: 'POST', headers: auth, body: form })
      ).json();
      const sent = await fetch('/app-api/user_problems/submitProblem', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ content, images: [uploaded.data.url] }),
      });
      return ((await sent.json()) as { data: { id: string } }).data.id;
    },
    [token, png.toString('base64'), content] as const,
  );
}

/** Switches the app's language as the language switch does (its persisted session), and reloads. */
async function switchLanguage(page: Page, language: string, localType: string) {
  await page.evaluate(
    ([language, localType]) => {
      const session = JSON.parse(localStorage.getItem('minecloud-session') ?? '{}');
      session.state = { ...session.state, language, localType };
      localStorage.setItem('minecloud-session', JSON.stringify(session));
    },
    [language, localType] as const,
  );
  await page.reload();
}

describe('the notification centre in Chromium at 390×844', () => {
  it('shows the reply to feedback with a badge on home, in Chinese and English, and marks it read', async () => {
    const { page, context } = await signInAt(browser, baseUrl, '/pages/my_child/notifications/notifications');
    await page.getByTestId('notification-list-empty').waitFor({ timeout: 20_000 });
    const feedbackId = await sendFeedback(page, '提现什么时候到账？');
    await admin('POST', `feedback/${feedbackId}/reply`, { reply: '已到账，请查收。' });

    // Notices other files publish meanwhile are also news: the notice list sees them first.
    await page.goto(`${baseUrl}/#/pages/second_child/noticelist/noticelist`);
    await expect.poll(() => page.getByTestId('notice-list-unread').innerText(), { timeout: 20_000 }).toBe('1');
    await page.goto(`${baseUrl}/#/pages/tabbar/home/home`);
    await page.reload();
    await expect.poll(() => page.getByTestId('home-unread').innerText(), { timeout: 20_000 }).toBe('1');
    await shot(page, 'notifications-home-badge');

    await page.getByTestId('home-bell').click();
    const item = page.locator('[data-testid^="notification-"][data-read]').first();
    await expect.poll(() => item.innerText(), { timeout: 20_000 }).toContain('反馈已回复');
    expect(await item.getAttribute('data-read')).toBe('false');
    await shot(page, 'notifications-zh');

    await switchLanguage(page, 'en', 'en');
    await expect.poll(() => item.innerText(), { timeout: 20_000 }).toContain('Feedback replied');
    expect(await item.innerText()).toContain('The platform replied to your feedback.');
    await shot(page, 'notifications-en');

    await item.click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/my_child/feedorder/feedorder'), null, {
      timeout: 15_000,
    });
    await expect
      .poll(() => page.getByTestId('feedback-reply-text').first().innerText(), { timeout: 15_000 })
      .toBe('已到账，请查收。');

    await page.goto(`${baseUrl}/#/pages/tabbar/home/home`);
    await page.getByTestId('home-bell').waitFor();
    await expect.poll(() => page.getByTestId('home-unread').count(), { timeout: 20_000 }).toBe(0);
    const token = await memberToken(page);
    const unread = await (
      await fetch(`${baseUrl}/app-api/biz/notification/unread`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(unread.data.notifications).toBe(0);
    await context.close();
  });
});
