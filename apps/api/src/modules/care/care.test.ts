import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { codeIn, deliverMail, pngClaiming, smtpCatcher, upload } from '../../../test/care.ts';
import { get, type Member, newMember, post, postIn } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';

const count = async (app: TestApp, table: string) =>
  (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n ?? 0;

describe('uploads', () => {
  let app: TestApp;
  let m: Member;
  beforeAll(async () => {
    app = await buildTestApp();
    m = await newMember(app);
  });
  afterAll(() => app.close());

  it('re-encodes an image under a generated name, without its metadata, served with its type and nosniff', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-gps-owner', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(app, m, 'holiday photo.png', 'image/png', photo);
    expect(res.body.code).toBe(0);
    const url: string = res.body.data.url;
    expect(url).toMatch(/^\/app-api\/uploads\/[0-9a-f]{32}\.jpg$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: '/app-api/uploads/00000000000000000000000000000000.png' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/app-api/uploads/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
  });

  it.each([
    [
      'an HTML file named .png',
      'x.png',
      'image/png',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      400,
      1062,
    ],
    [
      'an SVG with a script',
      'x.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      400,
      1062,
    ],
    ['an oversize file', 'big.png', 'image/png', Buffer.alloc(6 * 1024 * 1024, 1), 413, 1063],
    ['a 50,000 × 50,000 pixel header', 'flood.png', 'image/png', pngClaiming(50_000, 50_000), 400, 1064],
  ] as const)('refuses %s with a clear message and stores nothing', async (_, name, type, data, status, code) => {
    const before = await count(app, 'uploads');
    const res = await upload(app, m, name, type, data);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toMatch(/PNG, JPEG or WebP|must not exceed/);
    expect(await count(app, 'uploads')).toBe(before);
  });

  it('refuses a truncated image and stores nothing', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a33' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const before = await count(app, 'uploads');
    const res = await upload(app, m, 'cut.png', 'image/png', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.body).toMatchObject({ code: 1065, msg: 'The image is damaged and cannot be read' });
    expect(await count(app, 'uploads')).toBe(before);
  });

  it('keeps each member within the upload quota, and needs a signed-in member', async () => {
    const heavy = await newMember(app);
    await app.db.execute(
      sql`insert into uploads (user_id, name, content_type, bytes, width, height, data)
          values (${heavy.userId}, 'ffffffffffffffffffffffffffffffff.png', 'image/png', ${50 * 1024 * 1024 - 10}, 1, 1, '\\x00')`,
    );
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(app, heavy, 'a.png', 'image/png', png)).body.code).toBe(1066);
    const anonymous = await app.inject({ method: 'POST', url: '/app-api/biz/biz-user/upload', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('feedback', () => {
  let app: TestApp;
  let m: Member;
  let other: Member;
  let image: string;
  beforeAll(async () => {
    app = await buildTestApp();
    m = await newMember(app);
    other = await newMember(app);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    image = (await upload(app, m, 'a.png', 'image/png', png)).body.data.url;
  });
  afterAll(() => app.close());

  it("asks for text and an image, takes only the member's own uploads", async () => {
    expect((await post(app, m, 'user_problems/submitProblem', { content: '  ', images: [image] })).body).toMatchObject({
      code: 1060,
      msg: 'Provide detailed feedback',
    });
    expect(
      (await post(app, m, 'user_problems/submitProblem', { content: 'The chart is slow', images: [] })).body,
    ).toMatchObject({
      code: 1061,
      msg: 'Select at least one image',
    });
    expect(
      (await post(app, other, 'user_problems/submitProblem', { content: 'Look', images: [image] })).body.code,
    ).toBe(1067);
    expect(
      (await post(app, m, 'user_problems/submitProblem', { content: 'Look', images: ['https://evil.example/x.png'] }))
        .body.code,
    ).toBe(1067);
    expect(await count(app, 'feedback')).toBe(0);
  });

  it('lists only the reader’s own feedback; an operator reply shows up, with an audit row', async () => {
    const sent = await post(app, m, 'user_problems/submitProblem', { content: 'The chart is slow', images: [image] });
    expect(sent.body.code).toBe(0);
    const id = sent.body.data.id;
    const mine = await post(app, m, 'user_problems/problemList', { pageNo: 1, pageSize: 10 });
    expect(mine.body.data).toMatchObject({
      total: 1,
      list: [{ id, content: 'The chart is slow', images: [image], reply: null, repliedAt: null }],
    });
    expect((await post(app, other, 'user_problems/problemList', { pageNo: 1, pageSize: 10 })).body.data).toEqual({
      list: [],
      total: 0,
    });

    const token = await operatorToken(app);
    const reply = await app.inject({
      method: 'POST',
      url: `/admin-api/feedback/${id}/reply`,
      headers: { authorization: `Bearer ${token}` },
      payload: { reply: 'Fixed in today’s release, thank you' },
    });
    expect(reply.json().data).toMatchObject({ id, reply: 'Fixed in today’s release, thank you' });
    const after = await post(app, m, 'user_problems/problemList', { pageNo: 1, pageSize: 10 });
    expect(after.body.data.list[0].reply).toBe('Fixed in today’s release, thank you');
    expect(after.body.data.list[0].repliedAt).not.toBeNull();
    const [audit] = await queryRows<{ action: string; actor: string }>(
      app.db,
      sql`select action, actor from audit_log where target = ${`feedback:${id}`}`,
    );
    expect(audit).toEqual({ action: 'feedback.reply', actor: 'operator:admin' });
    const unauthorized = await app.inject({
      method: 'POST',
      url: `/admin-api/feedback/${id}/reply`,
      payload: { reply: 'x' },
    });
    expect(unauthorized.statusCode).toBe(401);
  });

  it('keeps no reply whose audit row could not be written (item 8)', async () => {
    const sent = await post(app, m, 'user_problems/submitProblem', { content: 'Audit me', images: [image] });
    const id = sent.body.data.id;
    // The audit log refuses this one row, as a full disk or a lost connection would.
    await app.db.execute(
      sql.raw(`create function refuse_reply_audit() returns trigger language plpgsql as $$
        begin
          if new.action = 'feedback.reply' and new.target = 'feedback:${id}' then
            raise exception 'audit log unavailable';
          end if;
          return new;
        end $$`),
    );
    await app.db.execute(
      sql.raw(
        'create trigger refuse_reply_audit before insert on audit_log for each row execute function refuse_reply_audit()',
      ),
    );
    const token = await operatorToken(app);
    const reply = () =>
      app.inject({
        method: 'POST',
        url: `/admin-api/feedback/${id}/reply`,
        headers: { authorization: `Bearer ${token}` },
        payload: { reply: 'Looking into it' },
      });
    try {
      expect((await reply()).statusCode).toBe(500);
      const [row] = await queryRows<{ reply: string | null; replied_by: string | null }>(
        app.db,
        sql`select reply, replied_by from feedback where id = ${id}::bigint`,
      );
      expect(row).toEqual({ reply: null, replied_by: null });
    } finally {
      await app.db.execute(sql.raw('drop trigger refuse_reply_audit on audit_log'));
      await app.db.execute(sql.raw('drop function refuse_reply_audit()'));
    }
    expect((await reply()).json().data).toMatchObject({ id, reply: 'Looking into it' });
    const audits = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target = ${`feedback:${id}`}`,
    );
    expect(audits).toEqual([{ action: 'feedback.reply' }]);
  });
});

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

describe('notices and articles', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    token = await operatorToken(app);
  });
  afterAll(() => app.close());
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/admin-api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('sanitizes on save, publishes and unpublishes, each change audited', async () => {
    const created = await admin('POST', 'notices', {
      type: 'notice',
      title: 'Maintenance',
      summary: 'Sunday 02:00',
      contentHtml:
        '<p onclick="alert(1)">Hi<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href="https://example.com">ok</a></p>',
      popup: true,
    });
    const notice = created.json().data;
    expect(notice.status).toBe('draft');
    expect(notice.contentHtml).not.toMatch(/script|onerror|onclick|javascript:/);
    expect(notice.contentHtml).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    const page = () => app.inject({ method: 'GET', url: '/app-api/biz/biz-notice/page?pageNo=1&pageSize=10' });
    expect((await page()).json().data.total).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/app-api/biz/biz-notice/get?id=${notice.id}` })).statusCode).toBe(
      404,
    );

    await admin('POST', `notices/${notice.id}/publish`);
    expect((await page()).json().data.list).toEqual([
      { id: notice.id, type: 'notice', title: 'Maintenance', summary: 'Sunday 02:00', publishedAt: expect.any(String) },
    ]);
    const edited = await admin('PUT', `notices/${notice.id}`, {
      type: 'notice',
      title: 'Maintenance moved',
      summary: 'Monday',
      contentHtml: '<b>Monday</b>',
      popup: true,
    });
    expect(edited.json().data).toMatchObject({ title: 'Maintenance moved', status: 'published' });
    const got = await app.inject({ method: 'GET', url: `/app-api/biz/biz-notice/get?id=${notice.id}` });
    expect(got.json().data.contentHtml).toBe('<b>Monday</b>');

    await admin('POST', `notices/${notice.id}/unpublish`);
    expect((await page()).json().data.total).toBe(0);
    const actions = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target = ${`notice:${notice.id}`} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'notice.create',
      'notice.publish',
      'notice.edit',
      'notice.unpublish',
    ]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/admin-api/notices',
          payload: { type: 'notice', title: 'x', contentHtml: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('shows each pop-up notice to a member once, newest first; a visitor always gets the newest', async () => {
    const ids: string[] = [];
    for (const title of ['First', 'Second']) {
      const created = (
        await admin('POST', 'notices', { type: 'notice', title, contentHtml: `<p>${title}</p>`, popup: true })
      ).json().data;
      await admin('POST', `notices/${created.id}/publish`);
      ids.push(created.id);
    }
    const m = await newMember(app);
    const show = (member: Member | null) =>
      app.inject({ method: 'POST', url: '/app-api/businessNotice/showNotice', headers: member?.headers ?? {} });
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await show(m)).json().data?.title ?? null);
    expect(seen).toEqual(['Second', 'First', null]);
    expect((await show(null)).json().data.title).toBe('Second');
    expect((await show(null)).json().data.title).toBe('Second');
  });
});
