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
      {
        id: notice.id,
        type: 'notice',
        title: 'Maintenance',
        summary: 'Sunday 02:00',
        publishedAt: expect.any(String),
        lang: 'zh-CN',
      },
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

  const publish = async (input: object) => {
    const created = (await admin('POST', 'notices', input)).json().data;
    await admin('POST', `notices/${created.id}/publish`);
    return created.id as string;
  };
  const inLanguage = (url: string, lang: string | null, method: 'GET' | 'POST' = 'GET') =>
    app.inject({ method, url: `/app-api/${url}`, headers: lang ? { 'accept-language': lang } : {} });

  it("answers in the reader's language, else English, else the Chinese base: lists, details and the pop-up", async () => {
    const both = await publish({
      type: 'article',
      title: '规则',
      summary: '中文摘要',
      contentHtml: '<p>中文</p>',
      popup: true,
      translations: {
        en: { title: 'Rules', summary: 'In English', contentHtml: '<p>English</p>' },
        'zh-TW': { title: '規則', summary: '繁體摘要', contentHtml: '<p>繁體</p>' },
      },
    });
    const onlyKorean = await publish({
      type: 'article',
      title: '只有中文和韩文',
      contentHtml: '<p>中文</p>',
      translations: { 'ko-KR': { title: '한국어만', contentHtml: '<p>한국어</p>' } },
    });
    const detail = async (id: string, lang: string | null) => {
      const answer = await inLanguage(`biz/biz-notice/get?id=${id}`, lang);
      expect(answer.headers.vary).toMatch(/accept-language/i);
      const { title, summary, contentHtml, lang: version } = answer.json().data;
      return { title, summary, contentHtml, lang: version };
    };

    expect(await detail(both, 'en')).toEqual({
      title: 'Rules',
      summary: 'In English',
      contentHtml: '<p>English</p>',
      lang: 'en',
    });
    expect(await detail(both, 'zh-TW')).toMatchObject({ title: '規則', lang: 'zh-TW' });
    // No Korean version: English.
    expect(await detail(both, 'ko-KR,ko;q=0.9')).toMatchObject({ title: 'Rules', contentHtml: '<p>English</p>' });
    expect(await detail(both, 'zh-CN')).toMatchObject({ title: '规则', summary: '中文摘要', lang: 'zh-CN' });
    expect(await detail(both, null)).toMatchObject({ title: '规则', lang: 'zh-CN' });
    // Neither Malay nor English: the Chinese base.
    expect(await detail(onlyKorean, 'ms-MY')).toEqual({
      title: '只有中文和韩文',
      summary: '',
      contentHtml: '<p>中文</p>',
      lang: 'zh-CN',
    });
    expect(await detail(onlyKorean, 'en')).toMatchObject({ title: '只有中文和韩文', lang: 'zh-CN' });
    expect(await detail(onlyKorean, 'ko')).toMatchObject({ title: '한국어만', lang: 'ko-KR' });

    const titles = async (lang: string) => {
      const answer = await inLanguage('biz/biz-notice/page?pageNo=1&pageSize=2&type=article', lang);
      expect(answer.headers.vary).toMatch(/accept-language/i);
      return answer.json().data.list.map((n: { title: string; lang: string }) => `${n.lang}:${n.title}`);
    };
    expect(await titles('en')).toEqual(['zh-CN:只有中文和韩文', 'en:Rules']);
    expect(await titles('ko-KR')).toEqual(['ko-KR:한국어만', 'en:Rules']);
    expect(await titles('ms-MY')).toEqual(['zh-CN:只有中文和韩文', 'en:Rules']);

    // A visitor's pop-up is the newest pop-up notice, in their language.
    const popup = async (lang: string) =>
      (await inLanguage('businessNotice/showNotice', lang, 'POST')).json().data as { title: string };
    expect((await popup('ko-KR')).title).toBe('Rules');
    expect((await popup('zh-TW')).title).toBe('規則');
    expect((await popup('zh-CN')).title).toBe('规则');
  });

  it('keeps every version an operator writes, each sanitized, and replaces them on edit', async () => {
    const base = { type: 'notice', title: '维护', summary: '周日', contentHtml: '<p>中文</p>', popup: false };
    const created = await admin('POST', 'notices', {
      ...base,
      translations: {
        en: {
          title: 'Maintenance',
          summary: 'Sunday',
          contentHtml: '<p onclick="alert(1)">Hi<script>alert(2)</script><a href="https://example.com">ok</a></p>',
        },
        'ko-KR': { title: '점검', contentHtml: '<img src=x onerror="alert(3)"><b>일요일</b>' },
        'ms-MY': { title: 'Penyelenggaraan', summary: 'Ahad', contentHtml: '<a href="javascript:alert(4)">x</a>' },
      },
    });
    expect(created.statusCode).toBe(200);
    const notice = created.json().data;
    expect(notice).toMatchObject({ title: '维护', contentHtml: '<p>中文</p>' });
    expect(Object.keys(notice.translations)).toEqual(['en', 'ko-KR', 'ms-MY']);
    expect(notice.translations.en).toEqual({
      title: 'Maintenance',
      summary: 'Sunday',
      contentHtml: '<p>Hi<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>',
    });
    expect(notice.translations['ko-KR']).toEqual({
      title: '점검',
      summary: '',
      contentHtml: '<img src="x"><b>일요일</b>',
    });
    expect(notice.translations['ms-MY'].contentHtml).toBe('<a>x</a>');
    for (const version of Object.values(notice.translations) as { contentHtml: string }[]) {
      expect(version.contentHtml).not.toMatch(/script|onerror|onclick|javascript:/);
    }
    const listed = (await admin('GET', 'notices?pageSize=100'))
      .json()
      .data.list.find((n: { id: string }) => n.id === notice.id);
    expect(listed.translations).toEqual(notice.translations);

    const edited = await admin('PUT', `notices/${notice.id}`, {
      ...base,
      translations: {
        en: { title: 'Maintenance moved', contentHtml: '<b>Monday</b><script>x</script>' },
        'zh-TW': { title: '維護', contentHtml: '<p>繁體</p>' },
      },
    });
    expect(edited.json().data.translations).toEqual({
      en: { title: 'Maintenance moved', summary: '', contentHtml: '<b>Monday</b>' },
      'zh-TW': { title: '維護', summary: '', contentHtml: '<p>繁體</p>' },
    });
    // The edit is audited with every version before and after.
    const [audit] = await queryRows<{ before: { translations: object }; after: { translations: object } }>(
      app.db,
      sql`select before, after from audit_log where target = ${`notice:${notice.id}`} and action = 'notice.edit'`,
    );
    expect(Object.keys(audit?.before.translations ?? {})).toEqual(['en', 'ko-KR', 'ms-MY']);
    expect(Object.keys(audit?.after.translations ?? {})).toEqual(['en', 'zh-TW']);
    // Left out of the edit: gone. An edit without translations keeps the Chinese base only.
    await admin('POST', `notices/${notice.id}/publish`);
    expect((await inLanguage(`biz/biz-notice/get?id=${notice.id}`, 'ko-KR')).json().data.title).toBe(
      'Maintenance moved',
    );
    await admin('PUT', `notices/${notice.id}`, base);
    expect((await inLanguage(`biz/biz-notice/get?id=${notice.id}`, 'en')).json().data.title).toBe('维护');

    // A version needs its title; the Chinese base is always required; only known languages.
    const refused = async (payload: object) => (await admin('POST', 'notices', payload)).statusCode;
    expect(await refused({ ...base, translations: { en: { title: ' ', contentHtml: '<p>x</p>' } } })).toBe(400);
    expect(await refused({ ...base, title: '', translations: { en: { title: 'x', contentHtml: 'x' } } })).toBe(400);
    // The Chinese version is the notice's own row, never a translation.
    await expect(
      app.db.execute(
        sql`insert into notice_translations (notice_id, lang, title, content_html) values (${notice.id}::bigint, 'zh-CN', 'x', 'x')`,
      ),
    ).rejects.toThrow();
  });
});
