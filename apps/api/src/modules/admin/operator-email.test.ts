import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, operatorWithRole, type TestApp } from '../../../test/app.ts';
import { queuedCode } from '../../../test/care.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';
import { mailTime, renderMail } from '../mail/templates.ts';

/**
 * Owners are mailed when a guarded setting is loosened (docs/operations.md, "Settings that guard
 * money"): an operator confirms an address with a mailed code, and every active owner with a
 * confirmed address gets the notice of a proposal and of its approval; nobody else does.
 */

const clock = fixedClock(new Date());
let app: TestApp;
let admin: string;
let olga: string;
let otto: string;
let fred: string;

beforeAll(async () => {
  app = await buildTestApp({}, undefined, { clock });
  admin = await operatorToken(app);
  [olga, otto, fred] = await Promise.all([
    operatorWithRole(app, 'olga', 'owner'),
    operatorWithRole(app, 'otto', 'owner'),
    operatorWithRole(app, 'fred', 'finance'),
  ]);
});
afterAll(() => app.close());

const call = async (method: string, path: string, token: string, payload?: object, language = 'en') => {
  const res = await app.inject({
    method: method as 'GET',
    url: `/admin-api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
  return res.json() as { code: number; msg: string; data: Record<string, unknown> };
};

async function confirm(token: string, email: string, language = 'en') {
  expect((await call('POST', 'auth/email/code', token, { email }, language)).code).toBe(0);
  const answer = await call('POST', 'auth/email', token, { email, code: await queuedCode(app, email) }, language);
  expect(answer).toMatchObject({ code: 0, data: { email, pending: null } });
}

const mails = (template: string) =>
  queryRows<{ to: string; locale: string; params: Record<string, string>; sealed_secret: string | null }>(
    app.db,
    sql`select "to", locale, params, sealed_secret from mail_outbox where template = ${template} order by id`,
  );

describe("an operator's address for security notices", () => {
  it('is confirmed with the mailed code: a wrong or used code is refused, and changes are audited', async () => {
    expect((await call('GET', 'auth/email', admin)).data).toEqual({
      email: null,
      confirmedAt: null,
      pending: null,
      pendingUntil: null,
    });
    const asked = await call('POST', 'auth/email/code', admin, { email: 'Admin@Example.com' });
    expect(asked.data).toMatchObject({ email: null, pending: 'admin@example.com' });
    // The code is in the outbox only sealed, never among the params.
    const code = await queuedCode(app, 'admin@example.com');
    const [mail] = await mails('operator_email_code');
    expect(mail?.params).toEqual({ minutes: 10 });
    expect(JSON.stringify(mail)).not.toContain(code);
    expect(renderMail('operator_email_code', 'en', mail?.params ?? {}, code).text).toContain(
      `verification code is ${code}`,
    );
    // One code a minute.
    expect((await call('POST', 'auth/email/code', admin, { email: 'admin@example.com' })).code).toBe(
      ERROR_CODES.rateLimited,
    );

    const wrong = code === '000000' ? '111111' : '000000';
    const body = (answer: string) => ({ email: 'admin@example.com', code: answer });
    expect((await call('POST', 'auth/email', admin, body(wrong))).code).toBe(ERROR_CODES.emailCodeWrong);
    expect((await call('GET', 'auth/email', admin)).data.email).toBeNull();
    const confirmed = await call('POST', 'auth/email', admin, body(code));
    expect(confirmed.data).toMatchObject({ email: 'admin@example.com', pending: null });
    expect(confirmed.data.confirmedAt).toBe(clock.now().toISOString());
    expect((await call('POST', 'auth/email', admin, body(code))).code).toBe(ERROR_CODES.emailCodeUsed);

    // Otto confirms one and removes it, then asks for a code he never enters: no address.
    clock.advance(61_000);
    await confirm(otto, 'otto@example.com');
    expect((await call('DELETE', 'auth/email', otto)).data).toMatchObject({ email: null, confirmedAt: null });
    clock.advance(61_000);
    await call('POST', 'auth/email/code', otto, { email: 'otto.new@example.com' });
    expect((await call('GET', 'auth/email', otto)).data).toMatchObject({
      email: null,
      pending: 'otto.new@example.com',
    });

    const audited = await queryRows<{ action: string; target: string; before: unknown; after: unknown }>(
      app.db,
      sql`select action, target, before, after from audit_log where action like 'operator.email.%' order by id`,
    );
    expect(audited).toEqual([
      {
        action: 'operator.email.set',
        target: 'operator:admin',
        before: { email: null },
        after: { email: 'admin@example.com' },
      },
      {
        action: 'operator.email.set',
        target: 'operator:otto',
        before: { email: null },
        after: { email: 'otto@example.com' },
      },
      {
        action: 'operator.email.remove',
        target: 'operator:otto',
        before: { email: 'otto@example.com' },
        after: { email: null },
      },
    ]);
  });

  it('gets the notices of a loosening proposal and its approval, as every confirmed owner does', async () => {
    await confirm(olga, 'olga@example.com', 'zh-CN');
    await confirm(fred, 'fred@example.com');
    const key = 'ledger.adjustApprovalAbove.USDT';
    const proposed = await call('PUT', `config/${key}`, admin, { value: '100000000' });
    expect(proposed.data.status).toBe('pending');

    // The proposer too; not finance, not an owner without a confirmed address.
    const notices = await mails('setting_notice');
    expect(notices.map((m) => [m.to, m.locale])).toEqual([
      ['admin@example.com', 'en'],
      ['olga@example.com', 'zh-CN'],
    ]);
    expect(notices[0]?.params).toEqual({
      kind: 'proposed',
      key,
      before: '1000',
      value: '100000000',
      by: 'admin',
      effectiveAt: proposed.data.effectiveAt,
      expiresAt: proposed.data.expiresAt,
    });
    expect(notices.every((m) => m.sealed_secret === null)).toBe(true);
    const english = renderMail('setting_notice', 'en', notices[0]?.params ?? {}, '');
    expect(english.subject).toContain(key);
    expect(english.text).toContain(`admin proposed to change the guarded setting ${key} from 1000 to 100000000`);
    const chinese = renderMail('setting_notice', 'zh-CN', notices[1]?.params ?? {}, '');
    expect(chinese.text).toContain(`${key} 从 1000 改为 100000000`);

    clock.advance(3_600_000);
    const approved = await call('POST', `config/proposals/${proposed.data.id}/approve`, fred);
    const effectiveAt = approved.data.effectiveAt as string;
    expect(Date.parse(effectiveAt)).toBe(clock.now().getTime() + 24 * 3_600_000);
    const approvals = (await mails('setting_notice')).slice(2);
    expect(approvals.map((m) => m.to)).toEqual(['admin@example.com', 'olga@example.com']);
    expect(approvals[0]?.params).toEqual({
      kind: 'approved',
      key,
      before: '1000',
      value: '100000000',
      by: 'fred',
      proposer: 'admin',
      effectiveAt,
    });
    const text = renderMail('setting_notice', 'en', approvals[0]?.params ?? {}, '').text;
    expect(text).toContain(`fred approved the change of the guarded setting ${key} from 1000 to 100000000`);
    expect(text).toContain(`It takes effect at ${mailTime(effectiveAt)}.`);
  });
});
