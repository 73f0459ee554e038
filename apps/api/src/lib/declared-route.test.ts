import { ASSET_CALLS } from '@minecloud/contract/asset';
import { call } from '@minecloud/contract/calls';
import { CONSOLE_CALLS } from '@minecloud/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, operatorToken, operatorWithRole, type TestApp } from '../../test/app.ts';
import { type Member, quickMembers } from '../../test/money.ts';
import { routesOf } from '../../test/routes.ts';
import { declaredRoute, declaredRoutesOf } from './declared-route.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('calls declared once', () => {
  it('registers every route of the APIs from its declaration (docs/api.md, "Calls")', () => {
    const declared = declaredRoutesOf(app);
    const routes = routesOf(app).filter((route) => /^\S+ \/(app|market|admin)-api\//.test(route));
    // A route added by hand, with its own method, path and schemas, fails here.
    expect(routes.filter((route) => !declared.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
    // Every declaration registered is a route of the app, at its method and path.
    for (const route of declared) expect(routes).toContain(route);
    // Every money call is declared: moneyRoute takes nothing else.
    for (const money of ['POST /app-api/asset/send', 'POST /app-api/biz/user-usdt-record/withdraw'])
      expect(declared).toContain(money);
  });

  it("documents a declared call with the declaration's summary and tag", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const gift = doc.paths[`/app-api/${ASSET_CALLS.gift.path}`].post;
    expect(gift.summary).toBe(ASSET_CALLS.gift.summary);
    expect(gift.tags).toEqual([ASSET_CALLS.gift.tag]);
    const donations = doc.paths[`/app-api/${ASSET_CALLS.donations.path}`].get;
    expect(donations.summary).toBe(ASSET_CALLS.donations.summary);
    // A public call asks for no token; a member's for the bearer token.
    expect(donations.security).toEqual([]);
    expect(doc.paths[`/app-api/${ASSET_CALLS.balances.path}`].get.security).toEqual([{ bearer: [] }]);
  });

  it('refuses to register a money call as a plain route', async () => {
    const other = await buildTestApp({}, (built) => {
      const gift = async () => ({ code: 0, data: { transferId: '1' }, msg: '' });
      expect(() => declaredRoute(built, ASSET_CALLS.gift, gift)).toThrow(/moves money/);
    });
    await other.close();
  });

  it('guards a call whose statement checks the session with the token alone, and only a member call', async () => {
    const probe = (path: string, auth: 'member' | 'public') =>
      call({
        method: 'GET',
        path,
        tag: 'test',
        summary: 'A probe',
        auth,
        money: false,
        answer: z.object({ member: z.boolean() }),
      });
    const other = await buildTestApp({}, (built) => {
      const handler = async (request: { member?: unknown }) => ({
        code: 0,
        data: { member: Boolean(request.member) },
        msg: '',
      });
      declaredRoute(built, probe('test/session-in-statement', 'member'), handler, { sessionInStatement: true });
      declaredRoute(built, probe('test/session-in-guard', 'member'), handler);
      expect(() => declaredRoute(built, probe('test/public', 'public'), handler, { sessionInStatement: true })).toThrow(
        /only a member's call/,
      );
    });
    try {
      const [member] = (await quickMembers(other, 1)) as [Member];
      const get = (path: string) => other.inject({ method: 'GET', url: `/${path}`, headers: member.headers });
      // The signature-only guard proves no session (request.member); the handler's statement must.
      expect((await get('test/session-in-statement')).json().data).toEqual({ member: false });
      expect((await get('test/session-in-guard')).json().data).toEqual({ member: true });
      expect((await other.inject({ method: 'GET', url: '/test/session-in-statement' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("lets into an operator's call the roles its declaration names, and the owner", async () => {
    const support = await operatorWithRole(app, 'declared-support', 'support');
    const finance = await operatorWithRole(app, 'declared-finance', 'finance');
    const audit = (token: string) =>
      app.inject({
        method: 'GET',
        url: `/admin-api/${CONSOLE_CALLS.audit.path}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect(CONSOLE_CALLS.audit.operators).toEqual(['finance']);
    expect((await audit(finance)).json().code).toBe(0);
    expect((await audit(await operatorToken(app))).json().code).toBe(0);
    expect((await audit(support)).statusCode).toBe(403);
  });
});
