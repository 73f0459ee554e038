import { randomBytes, randomUUID } from 'node:crypto';
import { API } from '@minecloud/contract/api-paths';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { upload } from '../../test/care.ts';
import { quickMembers } from '../../test/money.ts';
import { routesOf } from '../../test/routes.ts';
import { bearer, signIn, testWallet } from '../../test/wallet.ts';
import { buildApp } from '../app.ts';
import { rateLimits } from '../db/schema.ts';
import { countHit, pruneLimits, spendWithin } from '../lib/limits.ts';

/**
 * The console's sign-in has its own per-address limit, beside the account lock-out (access.test.ts),
 * and every call that moves money is limited per member. Every limit is counted in the database, so
 * it is one limit for all processes. The member sign-in, nonce and email code limits are tested with
 * their calls (auth and user tests).
 */
let app: TestApp;
/** Room for two small noise images a day, not three: far below any member's own quota. */
const UPLOAD_BYTES_PER_DAY = 30_000;
beforeAll(async () => {
  app = await buildTestApp({
    RATE_LIMIT_SIGNIN_PER_MINUTE: '3',
    RATE_LIMIT_MONEY_PER_MINUTE: '2',
    UPLOAD_BYTES_PER_DAY: String(UPLOAD_BYTES_PER_DAY),
  });
});

/** Another API process on the same database: shares nothing with `first` but the database. */
async function anotherProcess(first: TestApp): Promise<TestApp> {
  const other = await buildApp({ config: first.config, database: first.database, logger: false, serveApps: false });
  await other.ready();
  return other;
}

/**
 * Every member call limited per member (RATE_LIMIT_MONEY_PER_MINUTE): each that moves money or may
 * ask the chain, and the two that store what a member sends (an image, a feedback).
 */
const PER_MEMBER_LIMITED = [
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
  // Each saving of an address spends an email code and sends a mail.
  API.addressAdd,
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

describe('per-member limits', () => {
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
    expect(limited.sort()).toEqual([...PER_MEMBER_LIMITED].sort());
  });

  it('count per member, not per session: signing in again does not open a second allowance', async () => {
    const wallet = testWallet();
    const first = await signIn(app, wallet);
    const second = await signIn(app, wallet);
    expect(second.body.data.userId).toBe(first.body.data.userId);
    const donate = (token: string | undefined) =>
      app.inject({
        method: 'POST',
        url: `/app-api/${API.donate}`,
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
        payload: { asset: 'GOLD', amount: 'not a number' },
      });
    expect((await donate(first.token)).statusCode).not.toBe(429);
    expect((await donate(first.token)).statusCode).not.toBe(429);
    expect((await donate(second.token)).statusCode).toBe(429);
  });
});

describe('limits shared by every process', () => {
  it('hold the per-member, per-address and per-IP limits across two API processes on one database', async () => {
    const other = await anotherProcess(app);
    try {
      const wallet = testWallet();
      const member = await signIn(app, wallet);
      const donate = (on: TestApp) =>
        on.inject({
          method: 'POST',
          url: `/app-api/${API.donate}`,
          headers: { ...bearer(member.token), 'idempotency-key': randomUUID() },
          payload: { asset: 'GOLD', amount: 'not a number' },
        });
      expect((await donate(app)).statusCode).not.toBe(429);
      expect((await donate(other)).statusCode).not.toBe(429);
      expect((await donate(app)).statusCode).toBe(429);
      expect((await donate(other)).statusCode).toBe(429);

      // Three sign-ins a minute per address (one spent above), wherever they land.
      expect((await signIn(other, wallet)).body.code).toBe(0);
      expect((await signIn(app, wallet)).body.code).toBe(0);
      expect((await signIn(other, wallet)).res.statusCode).toBe(429);

      // Nonces: 3 × 3 a minute per IP, both processes together.
      const nonce = (on: TestApp) =>
        on.inject({ method: 'GET', url: '/app-api/biz/biz-user/nonce', remoteAddress: '10.7.7.7' });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await nonce(i % 2 ? other : app)).statusCode);
      expect(statuses).toEqual([...Array(9).fill(200), 429]);
    } finally {
      await other.close();
    }
  });

  it('keep one row per key, restart it when its window has ended, and prune ended windows', async () => {
    const key = `test:${randomUUID()}`;
    const old = `test:${randomUUID()}`;
    const minuteAgo = new Date(Date.now() - 5 * 60_000);
    expect(await spendWithin(app.db, { key, windowMs: 60_000, now: minuteAgo }, 1)).toBe(true);
    expect(await spendWithin(app.db, { key: old, windowMs: 60_000, now: minuteAgo }, 1)).toBe(true);
    // The first window has ended: a new one starts with this hit.
    expect(await spendWithin(app.db, { key, windowMs: 60_000 }, 1)).toBe(true);
    expect(await spendWithin(app.db, { key, windowMs: 60_000 }, 1)).toBe(false);
    expect(await countHit(app.db, { key, windowMs: 60_000 })).toMatchObject({ hits: 2 });
    const rows = () =>
      app.db
        .select()
        .from(rateLimits)
        .where(inArray(rateLimits.key, [key, old]));
    expect((await rows()).map((r) => [r.key, r.hits]).sort()).toEqual(
      [
        [key, 2],
        [old, 1],
      ].sort(),
    );
    await pruneLimits(app.db);
    expect((await rows()).map((r) => r.key)).toEqual([key]);
  });
});

describe('upload budget', () => {
  /** A PNG of random pixels: it does not compress, so its stored size is about width × height × 3. */
  const noise = (side: number) =>
    sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();

  it("refuses uploads once all members together have used the day's bytes (UPLOAD_BYTES_PER_DAY)", async () => {
    const [a, b, c] = await quickMembers(app, 3);
    const image = await noise(64);
    expect((await upload(app, a!, 'a.png', 'image/png', image)).body.code).toBe(0);
    expect((await upload(app, b!, 'b.png', 'image/png', image)).body.code).toBe(0);
    const refused = await upload(app, c!, 'c.png', 'image/png', image);
    expect(refused.body).toMatchObject({
      code: 1009,
      data: null,
      msg: "Today's upload allowance is used up, please try again tomorrow",
    });
    // The budget is in bytes: a small image still fits.
    expect((await upload(app, c!, 'small.png', 'image/png', await noise(4))).body.code).toBe(0);
    const [budget] = await app.db.select().from(rateLimits).where(eq(rateLimits.key, 'upload-bytes'));
    expect(budget?.hits).toBeLessThanOrEqual(UPLOAD_BYTES_PER_DAY);
    expect(budget?.hits).toBeGreaterThan(2 * image.length * 0.9);
  });
});
