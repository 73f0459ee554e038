import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/**
 * The console's sign-in has its own per-address limit, beside the account lock-out (access.test.ts).
 * The member sign-in, email code and money call limits are tested with their calls (auth, care and
 * asset tests).
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '3' });
});
afterAll(() => app.close());

describe('rate limits', () => {
  it('answers the console sign-in past its limit with 429 in the envelope, before checking anything', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/admin-api/auth/login',
        headers: { 'accept-language': 'en' },
        payload: { username: `nobody${i}`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
      if (i === 3) expect(res.json()).toMatchObject({ code: 429, data: null, msg: expect.any(String) });
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
