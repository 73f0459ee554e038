import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { pngClaiming, upload } from '../../../test/care.ts';
import { type Member, newMember, post } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';

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

  it('keeps no reply whose audit row could not be written', async () => {
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
