import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { type Member, newMember } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';

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
