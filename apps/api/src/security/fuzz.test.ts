import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../test/app.ts';
import { newMember } from '../../test/money.ts';
import { routesOf } from '../../test/routes.ts';
import { BODY_LIMIT } from '../app.ts';

/**
 * Whatever a caller sends to any call, the answer is a clean
 * envelope: never a 500, never a stack, never SQL.
 */

let app: TestApp;
let routes: string[];
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  app = await buildTestApp({
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
  });
  routes = routesOf(app).filter((route) => /^\S+ \/(app|admin|market)-api\//.test(route));
  const member = await newMember(app);
  headers.member = member.headers;
  headers.operator = { authorization: `Bearer ${await operatorToken(app)}` };
});
afterAll(() => app.close());

/** What must never reach a caller: a stack frame, an SQL statement, an internal error name. */
const LEAK = /\n\s+at |\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|TypeError|ReferenceError|node_modules/i;

function expectClean(route: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, `${route} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (String(res.headers['content-type']).startsWith('application/json')) {
    const body = JSON.parse(res.body) as { code: unknown; msg: unknown };
    expect(typeof body.code, route).toBe('number');
    expect(typeof body.msg, route).toBe('string');
  }
  expect(res.body, route).not.toMatch(LEAK);
}

const fill = (path: string, id: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name === 'key' ? id.replace(/\d/g, 'a') : id));
const ids = fc.oneof(
  fc.constantFrom('1', '0', '-1', '999999999999999999999', 'abc', '1e3', '%00', '..%2f'),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
);
const queries = fc.dictionary(
  fc.constantFrom(
    'pageNo',
    'pageSize',
    'type',
    'asset',
    'status',
    'q',
    'id',
    'symbol',
    'period',
    'from',
    'to',
    'job',
    'key',
  ),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.constantFrom('-1', '0', '1e309', 'NaN', '')),
  { maxKeys: 4 },
);
const bodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'amount',
      'asset',
      'toUserId',
      'productId',
      'quantity',
      'address',
      'email',
      'code',
      'emailCode',
      'id',
      'reason',
      'content',
      'images',
      'message',
      'signature',
      'username',
      'password',
      'totp',
      'value',
      'effectiveAt',
      'userId',
      'job',
      'period',
      'pageNo',
      'pageSize',
    ),
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
      fc.constantFrom('1e400', '-0', '0x10', '1.0000000000000000001', "' or 1=1 --", '<script>', '\u0000'),
    ),
    { maxKeys: 6 },
  ),
);

describe('every call, fuzzed', () => {
  it('finds the calls to fuzz', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('answers any body, query and id with a clean envelope, never a 500', async () => {
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      // Signing out would end the sessions the rest of the run uses.
      if (path.endsWith('/logout')) continue;
      const auth = path.startsWith('/admin-api/') ? headers.operator : headers.member;
      await fc.assert(
        fc.asyncProperty(ids, queries, bodies, fc.boolean(), async (id, query, body, signedIn) => {
          const search = new URLSearchParams(query).toString();
          const res = await app.inject({
            method: method as 'GET',
            url: `${fill(path, id)}${search ? `?${search}` : ''}`,
            headers: {
              ...(signedIn ? auth : {}),
              'idempotency-key': `fuzz-${Math.random().toString(36).slice(2, 12)}`,
            },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body as object }),
          });
          expectClean(route, res);
        }),
        { numRuns: 12, seed: 20261124 },
      );
    }
  }, 240_000);

  it("answers a path that is not valid percent-encoding with the envelope, not Fastify's own error", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/app-api/biz/biz-notice/get?id=%zz',
      headers: { 'accept-language': 'en' },
    });
    expectClean('query', res);
    const path = await app.inject({
      method: 'PUT',
      url: '/admin-api/config/%aa',
      headers: { 'accept-language': 'en' },
    });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ code: 400, data: null, msg: expect.any(String) });
  });

  it('answers a body that is not JSON, or too large, with a clean 4xx', async () => {
    for (const route of routes.filter((r) => r.startsWith('POST ') || r.startsWith('PUT '))) {
      const [method, path] = route.split(' ') as [string, string];
      if (path.endsWith('/logout')) continue;
      const auth = path.startsWith('/admin-api/') ? headers.operator : headers.member;
      const url = fill(path, '1');
      const broken = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'fuzz-broken-json' },
        payload: '{"amount": ',
      });
      expectClean(route, broken);
      expect(broken.statusCode, route).toBeGreaterThanOrEqual(400);
      const huge = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'fuzz-huge-body' },
        payload: JSON.stringify({ content: 'x'.repeat(BODY_LIMIT + 1) }),
      });
      expectClean(route, huge);
      // Uploads take their own, larger limit; every other call refuses the body as too large.
      if (!path.endsWith('/upload')) expect(huge.statusCode, route).toBe(413);
    }
  });
});
