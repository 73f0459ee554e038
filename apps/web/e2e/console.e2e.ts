import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchChromium,
  mailedCode,
  memberToken,
  type OperatorCall,
  operatorSession,
  phoneContext,
  SCREENSHOTS,
  signInAt,
  signInToConsole,
} from './browser.ts';
import { secondOperator } from './server.ts';

/**
 * The operator console in Chromium at 1280×800: the owner signs in with a TOTP code, publishes a
 * notice a member then reads, replies to a member's feedback, approves a withdrawal, and proposes a
 * change of a guarded rate that a finance operator approves and members then see announced for the
 * next settlement boundary (demo mode has no loosening delay: docs/operations.md).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: OperatorCall;
/** A finance operator: the second operator that approves the owner's change of a guarded rate. */
let finance: OperatorCall;
let desk: BrowserContext;
let console_: Page;
let member: {
  page: Page;
  call: (path: string, body: object, headers?: Record<string, string>) => Promise<{ code: number; data: unknown }>;
};

/** A 1×1 PNG: feedback needs an image. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });

/** Waits until antd's open modals and drawers have finished sliding and fading in, for a screenshot. */
async function overlaySettled(page: Page) {
  await page.waitForFunction(() => {
    const panels = [...document.querySelectorAll<HTMLElement>('.ant-modal, .ant-drawer-content-wrapper')].filter(
      (element) => element.offsetParent !== null || getComputedStyle(element).position === 'fixed',
    );
    return (
      panels.length > 0 &&
      panels.every((element) => {
        const style = getComputedStyle(element);
        return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
      })
    );
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
  const owner = inject('operatorToken');
  finance = operatorSession(
    baseUrl,
    await secondOperator(baseUrl, owner, 'e2e-finance', 'finance', inject('voucherToken')),
  );
  desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block' });
  console_ = await desk.newPage();
  const signedIn = await signInAt(browser, baseUrl, '/pages/my_child/feedback/feedback');
  const token = await memberToken(signedIn.page);
  member = {
    page: signedIn.page,
    call: async (path, body, headers = {}) => {
      const res = await fetch(`${baseUrl}/app-api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: unknown };
    },
  };
});
/** The top-up rate the other e2e files expect; the config test changes it and puts it back. */
const GOLD_PER_USDT = 100;

/** Finance approves the owner's pending proposal of `key` (a guarded setting's loosening change). */
async function approveProposal(key: string) {
  const { list } = await finance<{ list: { id: string; key: string }[] }>('GET', 'config/proposals');
  const proposal = list.find((p) => p.key === key);
  if (!proposal) throw new Error(`no pending proposal of ${key}`);
  await finance('POST', `config/proposals/${proposal.id}/approve`);
}

async function goldPerUsdt(): Promise<string> {
  const res = await fetch(`${baseUrl}/app-api/biz/biz-config/get/basic`);
  return ((await res.json()) as { data: { limits: { goldPerUsdt: string } } }).data.limits.goldPerUsdt;
}

afterAll(async () => {
  await browser?.close();
  // The rate changed below waits for the next settlement boundary: put it back for that boundary too
  // (of two changes at the same time, the later wins), so no later run sees 125.
  await admin('PUT', 'config/gold.perUsdt', { value: GOLD_PER_USDT });
  await approveProposal('gold.perUsdt');
}, 30_000);

describe('the operator console in Chromium', () => {
  it('signs the owner in with a password and a TOTP code', async () => {
    await signInToConsole(console_, baseUrl, inject('operatorPassword'), inject('operatorTotpSecret'));
    await console_.getByText('Ledger balanced').waitFor();
    await shot(console_, 'console-dashboard');
  });

  it('publishes a notice that a member then reads', async () => {
    const title = `Maintenance window ${Date.now()}`;
    await console_.goto(`${baseUrl}/admin/notices`);
    await console_.getByRole('button', { name: 'New notice or article' }).click();
    // The Chinese version's fields (each other language's are labelled with its name).
    await console_.getByLabel('Title', { exact: true }).fill(title);
    await console_
      .getByLabel('Content (HTML)', { exact: true })
      .fill('<p>The pool pauses for <b>ten minutes</b>.</p><script>x()</script>');
    await console_.getByRole('tab', { name: 'Preview' }).click();
    const frame = console_.getByTestId('notice-preview-frame');
    await frame.getByText('ten minutes').waitFor();
    expect(await frame.innerHTML()).not.toContain('script');
    await overlaySettled(console_);
    await shot(console_, 'console-notice-preview');
    await console_.getByRole('button', { name: 'Save' }).click();
    const row = console_.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Publish' }).click();
    await console_.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await row.getByText('Published').first().waitFor();

    const phone = await phoneContext(browser);
    const reader = await phone.newPage();
    await reader.goto(`${baseUrl}/#/pages/second_child/noticelist/noticelist`);
    await reader.getByText(title).waitFor({ timeout: 20_000 });
    await phone.close();
  });

  it("replies to a member's feedback, and the member sees the reply", async () => {
    const form = new FormData();
    form.append('file', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
    const token = await memberToken(member.page);
    const uploaded = (await (
      await fetch(`${baseUrl}/app-api/biz/biz-user/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { data: { url: string } };
    const content = `The chart froze at ${Date.now()}`;
    expect((await member.call('user_problems/submitProblem', { content, images: [uploaded.data.url] })).code).toBe(0);

    await console_.goto(`${baseUrl}/admin/feedback`);
    const row = console_.getByRole('row').filter({ hasText: content });
    await row.getByRole('button', { name: 'Reply' }).click();
    const dialog = console_.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Fixed in today’s release, thank you.');
    await overlaySettled(console_);
    await shot(console_, 'console-feedback-reply');
    await dialog.getByRole('button', { name: /Send|Reply|Save/ }).click();
    await console_.getByText('Fixed in today’s release, thank you.').first().waitFor();

    // The member's feedback history.
    await member.page.goto(`${baseUrl}/#/pages/my_child/feedorder/feedorder`);
    await member.page.reload();
    await expect
      .poll(() => member.page.getByTestId('feedback-reply-text').first().innerText(), { timeout: 15_000 })
      .toBe('Fixed in today’s release, thank you.');
  });

  it('approves a withdrawal from the queue', async () => {
    const email = `console-${Date.now()}@example.com`;
    expect((await member.call('member/sendEmailCode', { email })).code).toBe(0);
    expect((await member.call('member/bindEmail', { email, code: await mailedCode(admin, email) })).code).toBe(0);
    const bindCode = await mailedCode(admin, email);
    expect((await member.call('member/sendEmailCode', {})).code).toBe(0);
    await expect.poll(() => mailedCode(admin, email), { timeout: 10_000 }).not.toBe(bindCode);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const requested = await member.call(
      'biz/user-usdt-record/withdraw',
      { amount: '12.5', address: to, emailCode: await mailedCode(admin, email) },
      { 'idempotency-key': `console-${Date.now()}` },
    );
    expect(requested.code).toBe(0);
    const id = (requested.data as { withdrawalId: string }).withdrawalId;

    await console_.goto(`${baseUrl}/admin/withdrawals`);
    const row = console_.getByRole('row').filter({ hasText: to.slice(-6) });
    await row.getByRole('button', { name: 'Approve' }).click();
    await console_.getByRole('dialog').getByText(`Approve withdrawal ${id}?`).waitFor();
    await overlaySettled(console_);
    await shot(console_, 'console-withdrawal-approve');
    await console_.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await console_.getByText(`Withdrawal ${id} approved`).waitFor();
    const approved = (await admin('GET', 'withdrawals/page?pageNo=1&pageSize=50')) as {
      list: { id: string; reviewStatus: string; firstApprover: string | null }[];
    };
    expect(approved.list.find((w) => w.id === id)).toMatchObject({ firstApprover: 'admin' });
    expect(approved.list.find((w) => w.id === id)?.reviewStatus).not.toBe('review');
  });

  it('changes a setting, logged with its effect time; members see it coming at the next settlement boundary', async () => {
    await console_.goto(`${baseUrl}/admin/config`);
    const row = console_.getByRole('row').filter({ hasText: 'gold.perUsdt' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = console_.getByRole('dialog');
    const field = dialog.getByRole('spinbutton');
    await field.fill('125');
    await overlaySettled(console_);
    await shot(console_, 'console-config-edit');
    await dialog.getByRole('button', { name: /Save|OK/ }).click();
    // A rate guards money: the owner's change is a proposal, listed as pending until finance approves.
    const proposal = console_.getByTestId('pending-changes').getByRole('row').filter({ hasText: 'gold.perUsdt' });
    await proposal.getByRole('button', { name: 'Withdraw' }).waitFor({ timeout: 15_000 });
    expect(await proposal.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await approveProposal('gold.perUsdt');
    await console_.reload();
    await row.getByText('125').first().waitFor({ timeout: 15_000 });

    // A member-facing rate changes at the next settlement boundary (00:00 Asia/Shanghai), not now.
    const log = (await admin('GET', 'audit/page?action=config.set&pageNo=1&pageSize=5')) as {
      list: { actor: string; target: string; before: unknown; after: { value: unknown; effectiveAt: string } }[];
    };
    expect(log.list[0]).toMatchObject({ actor: 'operator:admin', target: 'gold.perUsdt', before: 100 });
    expect(log.list[0]?.after.value).toBe(125);
    const effectiveAt = new Date(log.list[0]?.after.effectiveAt as string);
    expect(effectiveAt.getTime()).toBeGreaterThan(Date.now());
    expect(effectiveAt.toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai' })).toBe('00:00:00');
    expect(await goldPerUsdt()).toBe('100');

    // Members see the change announced in the public parameter log, and today's rate unchanged.
    await member.page.goto(`${baseUrl}/#/pages/my_child/transparency/transparency?section=parameters`);
    const change = member.page.getByTestId('parameter-change').filter({ hasText: '125' }).first();
    await change.waitFor({ timeout: 20_000 });
    await change.getByTestId('change-coming').waitFor();
    await shot(member.page, 'console-config-seen-by-member');
    await member.page.goto(`${baseUrl}/#/pages/my_child/topup/topup`);
    await member.page.reload();
    await expect
      .poll(() => member.page.getByTestId('topup-rate').textContent(), { timeout: 20_000 })
      .toContain('1 USDT = 100');
  });
});
