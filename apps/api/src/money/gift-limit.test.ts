import { randomUUID } from 'node:crypto';
import { API } from '@minecloud/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { fund, type Member, quickMembers, unitsOf } from '../../test/money.ts';
import { buildApp } from '../app.ts';
import { checkLedger } from '../ledger/check.ts';

/**
 * A gift counts against its member's money limit inside its own statement (money/member-limit.ts),
 * not in @fastify/rate-limit's hook as the other money calls do: the same limit all the same. Each
 * request counts once, whether it moves money, fails in its statement or before it, and past the
 * limit it is refused with the hook's 429 and headers, before any other answer.
 */
const MAX = 3;
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: String(MAX) });
});
afterAll(() => app.close());

type Answer = { status: number; body: { code: number; data: unknown; msg: string }; headers: Record<string, unknown> };

async function call(on: TestApp, path: string, member: Member, payload: object, key = randomUUID()): Promise<Answer> {
  const res = await on.inject({
    method: 'POST',
    url: `/app-api/${path}`,
    headers: { ...member.headers, 'idempotency-key': key, 'accept-language': 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Two members, the first with 100 gold to give. */
async function pair(): Promise<[Member, Member]> {
  const [giver, taker] = (await quickMembers(app, 2)) as [Member, Member];
  await fund(app, giver.userId, 'GOLD', '100');
  return [giver, taker];
}

const giftOf = (to: Member, amount = '1') => ({ toUserId: String(to.userId), asset: 'GOLD', amount });
const limitHeaders = (answer: Answer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => /^(x-ratelimit-|retry-after)/.test(name)));

describe('the money limit of a gift, counted in its statement', () => {
  it('refuses the N+1th gift in a minute with the 429 and headers of every other money call, moving nothing', async () => {
    const [giver, taker] = await pair();
    const gifts: Answer[] = [];
    for (let i = 0; i <= MAX; i += 1) gifts.push(await call(app, API.gift, giver, giftOf(taker)));
    expect(gifts.slice(0, MAX).map((g) => g.body.code)).toEqual(Array(MAX).fill(0));
    expect(gifts.slice(0, MAX).map((g) => g.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(BigInt(MAX * 100));

    // The same refusal as a donation's, which the plugin's hook counts.
    const [donor] = (await quickMembers(app, 1)) as [Member];
    const donations: Answer[] = [];
    for (let i = 0; i <= MAX; i += 1)
      donations.push(await call(app, API.donate, donor, { asset: 'GOLD', amount: 'x' }));
    const [refusedGift, refusedDonation] = [gifts[MAX] as Answer, donations[MAX] as Answer];
    expect(refusedDonation.status).toBe(429);
    expect(refusedGift.status).toBe(429);
    expect(refusedGift.body).toEqual(refusedDonation.body);
    expect(refusedGift.body).toMatchObject({ code: 429, data: null });
    expect(Object.keys(limitHeaders(refusedGift)).sort()).toEqual(Object.keys(limitHeaders(refusedDonation)).sort());
    expect(limitHeaders(refusedGift)).toMatchObject({ 'x-ratelimit-limit': String(MAX), 'x-ratelimit-remaining': '0' });
    expect(Number(refusedGift.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refusedGift.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(Object.keys(limitHeaders(gifts[0] as Answer)).sort()).toEqual(
      Object.keys(limitHeaders(donations[0] as Answer)).sort(),
    );

    expect(await unitsOf(app, giver.userId, 'GOLD')).toBe(BigInt(10_000 - MAX * 100));
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(BigInt(MAX * 100));
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('refuses a repeat of an answered key past the limit instead of replaying it', async () => {
    const [giver, taker] = await pair();
    const key = randomUUID();
    const first = await call(app, API.gift, giver, giftOf(taker), key);
    expect(first.body.code).toBe(0);
    expect((await call(app, API.gift, giver, giftOf(taker), key)).body).toEqual(first.body);
    expect((await call(app, API.gift, giver, giftOf(taker), key)).body).toEqual(first.body);
    const past = await call(app, API.gift, giver, giftOf(taker), key);
    expect(past).toMatchObject({ status: 429, body: { code: 429, data: null } });
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(100n);
  });

  it('counts the gifts refused before their statement, by it, or with it failing', async () => {
    const [giver, taker] = await pair();
    const refused = [
      // The body's schema (before the statement), a receiver who does not exist (the statement fails
      // on its foreign key) and a balance that does not cover it (the statement moves nothing).
      await call(app, API.gift, giver, { ...giftOf(taker), amount: 'ten' }),
      await call(app, API.gift, giver, { ...giftOf(taker), toUserId: '999999999' }),
      await call(app, API.gift, giver, giftOf(taker, '1000')),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual([
      [400, 400],
      [404, 1012],
      [200, 1010],
    ]);
    expect(refused.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect((await call(app, API.gift, giver, giftOf(taker))).status).toBe(429);
    expect(await unitsOf(app, giver.userId, 'GOLD')).toBe(10_000n);
  });

  it('counts a signed-out token against its member, and refuses it with 401 under the limit', async () => {
    const [giver, taker] = await pair();
    expect((await call(app, API.gift, giver, giftOf(taker))).body.code).toBe(0);
    const out = await app.inject({ method: 'POST', url: '/app-api/biz/biz-user/logout', headers: giver.headers });
    expect(out.json().code).toBe(0);
    expect((await call(app, API.gift, giver, giftOf(taker))).status).toBe(401);
    expect((await call(app, API.gift, giver, giftOf(taker))).status).toBe(401);
    // Signing in again opens no second allowance.
    const { token } = await app.tokens.issue(giver.userId);
    const again = { ...giver, token, headers: { authorization: `Bearer ${token}` } };
    expect((await call(app, API.gift, again, giftOf(taker))).status).toBe(429);
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(100n);
  });

  it('lets exactly the limit of 20 concurrent gifts through, on two processes sharing the database', async () => {
    const other = await buildApp({ config: app.config, database: app.database, logger: false, serveApps: false });
    await other.ready();
    try {
      const [giver, taker] = await pair();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i % 2 ? other : app, API.gift, giver, giftOf(taker))),
      );
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(MAX);
      expect(answers.filter((a) => a.status === 429 && a.body.code === 429)).toHaveLength(20 - MAX);
      expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(BigInt(MAX * 100));
      expect((await checkLedger(app.db)).ok).toBe(true);
    } finally {
      await other.close();
    }
  });
});
