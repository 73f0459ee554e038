import { type mockServer, ok } from './render-app';

/** A paged answer `{ list, total }`. */
export const page = <T>(list: T[], total = list.length, extra: Record<string, unknown> = {}) =>
  ok({ list, total, ...extra });

/** A server fault, as the API answers it. */
export const failure = { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } };

/** The calls made to one path of the main API (or of `base`), with their query and body. */
export function callsTo(fetchMock: ReturnType<typeof mockServer>, path: string, base = '/app-api/') {
  return fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), 'http://localhost').pathname === `${base}${path}`)
    .map(([url, init]) => ({
      url: new URL(String(url), 'http://localhost'),
      init: init ?? {},
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}
