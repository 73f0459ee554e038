import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { codeIn, deliverMail, smtpCatcher } from '../../../test/care.ts';
import { get, type Member, newMember, post, postIn } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';

describe('email codes over a real SMTP server, and wallet binding', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;
  const clock = fixedClock('2026-11-23T10:00:00Z');
  beforeAll(async () => {
    smtp = await smtpCatcher();
    app = await buildTestApp({ SMTP_URL: smtp.url }, undefined, { clock });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const minute = 60_000;
  /** Asks for a code and lets the mail worker send what is queued, as the jobs process would. */
  const askCode = async (m: Member, body: { email?: string }) => {
    const res = await post(app, m, 'member/sendEmailCode', body);
    await deliverMail(app);
    return res;
  };

  it('mails a 6-digit code that binds the email once; wrong, reused and expired codes are refused', async () => {
    const m = await newMember(app);
    expect((await askCode(m, { email: 'Alice@Example.com' })).body.code).toBe(0);
    expect(smtp.messages.at(-1)?.to).toBe('alice@example.com');
    const code = codeIn(smtp.messages, 'alice@example.com');
    // A second code within the minute is refused.
    expect((await askCode(m, { email: 'alice@example.com' })).status).toBe(429);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post(app, m, 'member/bindEmail', { email: 'alice@example.com', code: wrong })).body).toMatchObject({
      code: 1071,
      msg: 'The code is wrong',
    });
    expect((await post(app, m, 'member/bindEmail', { email: 'alice@example.com', code })).body.code).toBe(0);
    expect((await get(app, m, 'biz/biz-user/get')).body.data.email).toBe('alice@example.com');
    // Reused: the code is spent, and the answer says so.
    expect((await post(app, m, 'member/bindEmail', { email: 'alice@example.com', code })).body.code).toBe(1077);
    // The minute is per purpose: a confirm code (for a withdrawal) may follow the binding at once.
    expect((await askCode(m, {})).body.code).toBe(0);
    expect((await askCode(m, {})).status).toBe(429);

    clock.advance(2 * minute);
    await askCode(m, { email: 'alice2@example.com' });
    const late = codeIn(smtp.messages, 'alice2@example.com');
    clock.advance(11 * minute);
    expect((await post(app, m, 'member/bindEmail', { email: 'alice2@example.com', code: late })).body).toMatchObject({
      code: 1072,
    });
    // Mail is kept in the operator's outbox too, marked sent.
    const token = await operatorToken(app);
    const outbox = await app.inject({
      method: 'GET',
      url: '/admin-api/mail/outbox?pageNo=1&pageSize=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(outbox.json().data.list[0]).toMatchObject({
      to: 'alice2@example.com',
      template: 'email_code',
      status: 'sent',
      attempts: 1,
      lastError: null,
      demoCode: null,
    });
    expect(outbox.json().data.list[0].sentAt).not.toBeNull();
  });

  it('says a code already used was used, not wrong, in the language asked, without counting it as a wrong try', async () => {
    const m = await newMember(app);
    const bind = (code: string, locale = 'en') =>
      postIn(app, m, 'member/bindEmail', { email: 'dave@example.com', code }, { locale });
    clock.advance(2 * minute);
    await askCode(m, { email: 'dave@example.com' });
    const used = codeIn(smtp.messages, 'dave@example.com');
    expect((await bind(used)).body.code).toBe(0);
    expect(await bind(used)).toEqual({
      status: 200,
      body: { code: 1077, data: null, msg: 'This code was already used; request a new one' },
    });
    expect((await bind(used, 'zh-CN')).body).toEqual({ code: 1077, data: null, msg: '该验证码已使用，请重新获取' });
    // A code that was never sent is still wrong.
    const never = ['000000', '000001', '000002'].find((c) => c !== used) as string;
    expect((await bind(never)).body.code).toBe(1071);

    // With a newer code waiting, the used one still says used, and costs the new one no try.
    clock.advance(2 * minute);
    expect((await askCode(m, { email: 'dave@example.com' })).body.code).toBe(0);
    const fresh = codeIn(smtp.messages, 'dave@example.com');
    if (fresh !== used) {
      for (let i = 0; i < 2; i++) expect((await bind(used)).body.code).toBe(1077);
      const [pending] = await queryRows<{ attempts: number }>(
        app.db,
        sql`select attempts from email_codes where user_id = ${m.userId} and used_at is null`,
      );
      expect(pending?.attempts).toBe(0);
    }
    expect((await bind(fresh)).body.code).toBe(0);
  });

  it('gives up on a code after five wrong tries, even for the right one', async () => {
    const m = await newMember(app);
    clock.advance(2 * minute);
    await askCode(m, { email: 'bob@example.com' });
    const code = codeIn(smtp.messages, 'bob@example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post(app, m, 'member/bindEmail', { email: 'bob@example.com', code: wrong })).body.code);
    expect(answers).toEqual([1071, 1071, 1071, 1071, 1073]);
    expect((await post(app, m, 'member/bindEmail', { email: 'bob@example.com', code })).body.code).toBe(1073);
    expect((await get(app, m, 'biz/biz-user/get')).body.data.email).toBeNull();
  });

  it('will not bind an email another member has', async () => {
    const m = await newMember(app);
    clock.advance(2 * minute);
    expect((await askCode(m, { email: 'alice@example.com' })).body.code).toBe(1076);
  });

  it('binds a checksummed withdrawal address confirmed by a code sent to the bound email', async () => {
    const m = await newMember(app);
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    clock.advance(2 * minute);
    expect((await askCode(m, {})).body).toMatchObject({
      code: 1074,
      msg: 'Bind Email First',
    });
    expect((await post(app, m, 'member/bindWallet', { address, code: '123456' })).body.code).toBe(1074);
    await askCode(m, { email: 'carol@example.com' });
    await post(app, m, 'member/bindEmail', {
      email: 'carol@example.com',
      code: codeIn(smtp.messages, 'carol@example.com'),
    });
    const before = smtp.messages.length;
    clock.advance(2 * minute);
    await askCode(m, {});
    expect(smtp.messages.length).toBe(before + 1);
    const code = codeIn(smtp.messages, 'carol@example.com');
    // One changed letter breaks the EIP-55 checksum.
    expect(
      (await post(app, m, 'member/bindWallet', { address: address.replace('E0F', 'e0F'), code })).body,
    ).toMatchObject({ code: 1075, msg: 'Invalid Address' });
    expect((await post(app, m, 'member/bindWallet', { address: '0x1234', code })).body.code).toBe(1075);
    expect((await post(app, m, 'member/bindWallet', { address: address.toLowerCase(), code })).body.code).toBe(0);
    expect((await get(app, m, 'biz/biz-user/get')).body.data.withdrawAddress).toBe(address);
  });
});
