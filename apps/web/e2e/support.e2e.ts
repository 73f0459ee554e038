import { LOCALES, type Locale } from '@minecloud/contract/locales';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  type OperatorCall,
  openInLanguage,
  operatorSession,
  phoneInLanguage,
  shot,
  signInToConsole,
} from './browser.ts';
import { type E2eServer, enrolOperator, OPERATOR_PASSWORD, startE2eServer } from './server.ts';

/**
 * Support contacts are console settings (docs/operations.md section 3). On a server of its own that
 * is not a demo, so that it starts with none (and no other file sees its contacts): the support
 * screen says to write through feedback; the owner sets an email and a Telegram username in the
 * console, where a bad email is refused on the form; then the support screen shows both, each a
 * link that opens it, in every language.
 */

const SERVICES = '/pages/my_child/services/services';
const EMAIL = 'help@minecloud.example';
const TELEGRAM = '@minecloud_help';

/** The screen's texts in each language: its title, the two labels, and the start of the no-contact note. */
const TEXTS: Record<Locale, { title: string; email: string; telegram: string; none: string }> = {
  'zh-CN': { title: '客服', email: '客服邮箱', telegram: '客服 Telegram', none: '客服联系方式暂未开通' },
  en: {
    title: 'Customer service',
    email: 'Support email',
    telegram: 'Support Telegram',
    none: 'No support contact has been published yet',
  },
  'zh-TW': { title: '客服', email: '客服郵箱', telegram: '客服 Telegram', none: '客服聯繫方式暫未開通' },
  'ko-KR': {
    title: '고객센터',
    email: '고객센터 이메일',
    telegram: '고객센터 텔레그램',
    none: '아직 공개된 고객센터 연락처가 없습니다',
  },
  'ms-MY': {
    title: 'Khidmat pelanggan',
    email: 'E-mel sokongan',
    telegram: 'Telegram sokongan',
    none: 'Belum ada hubungan sokongan diterbitkan',
  },
};

let server: E2eServer;
let browser: Browser;
let operator: { token: string; secret: string };
let admin: OperatorCall;

beforeAll(async () => {
  server = await startE2eServer({ DEMO: '0', MODE: 'api' });
  operator = await enrolOperator(server.baseUrl);
  admin = operatorSession(server.baseUrl, operator.token);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The support screen in `lang`, once its contacts (or the note that there are none) have loaded. */
async function supportScreen(lang: Locale): Promise<Page> {
  const page = await phoneInLanguage(browser, lang);
  await openInLanguage(page, server.baseUrl, lang, SERVICES);
  await page.locator('[data-testid="service-contacts"], [data-testid="service-none"]').waitFor();
  expect(await page.getByTestId('nav-title').textContent()).toBe(TEXTS[lang].title);
  return page;
}

/** The console's card of the support settings (not the change history below it). */
const supportCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByText('Customer support', { exact: true }) });

/** Opens the console's editor of `key`, types `value` and saves. */
async function typeSetting(page: Page, key: string, value: string) {
  const row = supportCard(page).getByRole('row').filter({ hasText: key });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New value').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return { row, dialog };
}

describe('support contacts in Chromium at 390×844', () => {
  it('says to write through feedback while no contact is set, in every language', async () => {
    for (const lang of LOCALES) {
      const page = await supportScreen(lang);
      expect(await page.getByTestId('service-none').textContent()).toContain(TEXTS[lang].none);
      expect(await page.getByTestId('service-contacts').count()).toBe(0);
      await page.getByTestId('service-go-feedback').waitFor();
      await shot(page, `support-none-${lang}`);
      await page.context().close();
    }
  });

  it('shows the contacts the owner sets in the console, each opening its channel, in every language', async () => {
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const console_ = await desk.newPage();
    await signInToConsole(console_, server.baseUrl, OPERATOR_PASSWORD, operator.secret);
    await console_.goto(`${server.baseUrl}/admin/config`);

    const refused = await typeSetting(console_, 'support.email', 'help at minecloud');
    await refused.dialog.getByText('An email address such as support@example.com').waitFor();
    await refused.dialog.getByLabel('New value').fill(EMAIL);
    await refused.dialog.getByRole('button', { name: 'Save' }).click();
    await refused.row.getByText(EMAIL).waitFor({ timeout: 15_000 });
    const telegram = await typeSetting(console_, 'support.telegram', TELEGRAM);
    await telegram.row.getByText(TELEGRAM).waitFor({ timeout: 15_000 });

    // Audited like every change of a setting: who, before and after.
    const log = (await admin('GET', 'audit/page?action=config.set&pageNo=1&pageSize=5')) as {
      list: { actor: string; target: string; before: unknown; after: { value: unknown } }[];
    };
    expect(log.list.map(({ actor, target, before, after }) => [actor, target, before, after.value])).toEqual([
      ['operator:admin', 'support.telegram', '', TELEGRAM],
      ['operator:admin', 'support.email', '', EMAIL],
    ]);

    // A change made now takes effect 5 s later, when every process has it.
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${server.baseUrl}/app-api/biz/biz-config/get/basic`);
          return ((await answer.json()) as { data: { customerService: unknown } }).data.customerService;
        },
        { timeout: 15_000 },
      )
      .toEqual({ email: EMAIL, telegram: TELEGRAM });
    // The console shows both in effect, no longer scheduled.
    await console_.reload();
    const card = supportCard(console_);
    await card.getByText(TELEGRAM).waitFor();
    expect(await card.getByText(/^from \d/).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shot(console_, 'support-console-config');
    await desk.close();

    for (const lang of LOCALES) {
      const page = await supportScreen(lang);
      const email = page.getByTestId('contact-email-link');
      expect(await email.textContent()).toBe(`${TEXTS[lang].email} ${EMAIL}`);
      expect(await email.getAttribute('href')).toBe(`mailto:${EMAIL}`);
      const link = page.getByTestId('contact-telegram-link');
      expect(await link.textContent()).toBe(`${TEXTS[lang].telegram} ${TELEGRAM}`);
      expect(await link.getAttribute('href')).toBe('https://t.me/minecloud_help');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await page.getByTestId('service-none').count()).toBe(0);
      await shot(page, `support-contacts-${lang}`);
      await page.context().close();
    }
    // The console (antd) and five languages: about 50 s on an idle two-core machine, so the default
    // 60 s leaves no room for a busy one.
  }, 120_000);
});
