import { API } from '@minecloud/contract/api-paths';
import type { Notice, NoticeRow } from '@minecloud/contract/content';
import { page } from '@/test/calls';
import { BASIC_CONFIG, mockServer, ok } from '@/test/render-app';

/** Fixtures of the notice and article tests (imported by tests only). */
export function noticeRow(id: string, overrides: Partial<NoticeRow> = {}): NoticeRow {
  return {
    id,
    type: 'notice',
    title: `公告 ${id}`,
    summary: `摘要 ${id}`,
    publishedAt: '2026-11-23T02:30:00.000Z',
    lang: 'zh-CN',
    ...overrides,
  };
}

/** HTML as the server stores it after DOMPurify: the app must show it as given. */
export const SANITIZED_HTML =
  '<h2>维护说明</h2><p>矿池将于 <strong>周六</strong> 升级。</p><ul><li>提现暂停</li></ul><img src="/uploads/a1.png" alt="示意图"><a href="https://example.com/more">了解更多</a>';

export function notice(id: string, overrides: Partial<Notice> = {}): Notice {
  return { ...noticeRow(id), contentHtml: SANITIZED_HTML, ...overrides };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The basic config, and no notices unless `handlers` say otherwise. */
export function contentServer(handlers: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    [`GET /app-api/${API.noticePage}`]: () => page([]),
    [`POST /app-api/${API.noticeShow}`]: () => ok(null),
    ...handlers,
  });
}
