import { vi } from 'vitest';

export type MockRequest = { method: string; url: URL; path: string; body: unknown; headers: Headers };
export type MockHandler = (request: MockRequest) => unknown;

/** Thrown by a handler: answered as an error envelope with that code, message and HTTP status. */
export type MockRefusal = { code: number; msg: string; status?: number };

function isRefusal(value: unknown): value is MockRefusal {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}

/**
 * Replaces fetch with a fake /admin-api/: handlers are keyed by method and path relative to it
 * (`'GET members/page'`); what a handler returns becomes `{ code: 0, msg: 'ok', data }`, what it
 * throws (`{ code, msg, status }`) an error envelope. A string returned for a path ending in .csv is
 * answered as text/csv. Unknown calls answer 404. Returns the requests made, in order.
 */
export function mockApi(handlers: Record<string, MockHandler>): MockRequest[] {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/admin-api\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: MockRequest = { method, url, path, body, headers: new Headers(init.headers) };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
    if (!handler) return json(404, { code: 404, data: null, msg: `No handler for ${method} ${path}` });
    try {
      const data = await handler(request);
      if (path.endsWith('.csv') && typeof data === 'string') {
        return new Response(data, { status: 200, headers: { 'Content-Type': 'text/csv' } });
      }
      return json(200, { code: 0, msg: 'ok', data: data ?? null });
    } catch (error) {
      if (isRefusal(error)) return json(error.status ?? 200, { code: error.code, msg: error.msg, data: null });
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The requests of one call, e.g. `calls(requests, 'POST ledger/adjust')`. */
export function calls(requests: MockRequest[], key: string): MockRequest[] {
  return requests.filter((request) => `${request.method} ${request.path}` === key);
}
