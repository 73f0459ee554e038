import { randomUUID } from 'node:crypto';
import { API } from '@minecloud/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { quickMembers } from '../../test/money.ts';
import { routesOf } from '../../test/routes.ts';

/**
 * The console's sign-in has its own per-address limit, beside the account lock-out (access.test.ts),
 * and every call that moves money is limited per member session. The member sign-in, nonce and email
 * code limits are tested with their calls (auth and care tests), the money limit's per-session key in
 * asset.test.ts.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_MONEY_PER_MINUTE: '2' });
});

/**
 * Every member call limited per session (RATE_LIMIT_MONEY_PER_MINUTE): each that moves money or may
 * ask the chain, and the two that store what a member sends (an image, a feedback).
 */
const PER_SESSION_LIMITED = [
  API.upload,
  API.feedbackSubmit,
  API.usdtClaim,
  API.btcClaim,
  API.gift,
  API.topup,
  API.donate,
  API.minerBuy,
  API.equityBuy,
  API.equityReinvest,
  API.poolForge,
  API.usdtWithdraw,
  API.btcWithdraw,
  API.depositSubmit,
];
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

describe('per-session limits', () => {
  it('answer 429 in the envelope past the limit on every money call, upload and feedback, and on no other call', async () => {
    const posts = routesOf(app)
      .filter((r) => r.startsWith('POST /app-api/'))
      .map((r) => r.slice('POST /app-api/'.length));
    const limited: string[] = [];
    const members = await quickMembers(app, posts.length);
    for (const [i, path] of posts.entries()) {
      const member = members[i] as (typeof members)[number];
      let last: Awaited<ReturnType<TestApp['inject']>> | undefined;
      for (let i = 0; i < 3; i++) {
        last = await app.inject({
          method: 'POST',
          url: `/app-api/${path}`,
          headers: { ...member.headers, 'idempotency-key': randomUUID() },
          payload: { amount: 'not a number' },
        });
      }
      if (last?.statusCode === 429) {
        expect(last.json(), path).toMatchObject({ code: 429, data: null });
        limited.push(path);
      }
    }
    expect(limited.sort()).toEqual([...PER_SESSION_LIMITED].sort());
  });
});
