import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/money.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  token = await operatorToken(app);
});
afterAll(() => app.close());

describe('operator sign-in', () => {
  it('signs in the bootstrap operator and refuses a wrong password or a member token', async () => {
    expect(token).toMatch(/^ey/);
    const wrong = await app.inject({
      method: 'POST',
      url: '/admin-api/auth/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/admin-api/auth/login',
      payload: { username: 'root', password: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    const member = await newMember(app);
    const check = await app.inject({ method: 'GET', url: '/admin-api/ledger/check', headers: member.headers });
    expect(check.statusCode).toBe(401);
    const memberCallWithOperatorToken = await app.inject({
      method: 'GET',
      url: '/app-api/biz/biz-user/get',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(memberCallWithOperatorToken.statusCode).toBe(401);
  });
});
