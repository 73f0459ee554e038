import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_HOST, type TestApp } from '../../../test/app.ts';
import { fund, newMember, unitsOf } from '../../../test/money.ts';
import { bearer, fetchNonce, signIn, siweMessage, testWallet } from '../../../test/wallet.ts';
import { buildApp } from '../../app.ts';
import { authNonces, users } from '../../db/schema.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await app.close();
});

async function login(payload: object, lang = 'en', host = TEST_HOST) {
  const res = await app.inject({
    method: 'POST',
    url: '/app-api/biz/biz-user/login',
    headers: { 'accept-language': lang, host },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('nonce', () => {
  it('gives a fresh single-use nonce each time', async () => {
    const a = await fetchNonce(app);
    const b = await fetchNonce(app);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });
});

describe('sign-in with Ethereum', () => {
  it('creates the member on first sign-in and returns a token that opens biz-user/get', async () => {
    const wallet = testWallet();
    const first = await signIn(app, wallet);
    expect(first.res.statusCode).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data.userId).toMatch(/^\d+$/);
    expect(new Date(first.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const me = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: bearer(first.token) });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data.id).toBe(first.body.data.userId);
    expect(data.address).toBe(wallet.address);
    expect(data.identity).toBe('guest');
    expect(data.balances).toEqual({ GOLD: '0', USDT: '0', BTC: '0' });
    expect(data.inviteCodes.map((c: { department: number }) => c.department)).toEqual([1, 2, 3]);
    expect(new Set(data.inviteCodes.map((c: { code: string }) => c.code)).size).toBe(3);

    const again = await signIn(app, wallet);
    expect(again.body.data.userId).toBe(first.body.data.userId);
  });

  it('refuses a reused nonce', async () => {
    const wallet = testWallet();
    const nonce = await fetchNonce(app);
    const message = siweMessage(wallet, nonce);
    const signature = await wallet.signMessage({ message });
    expect((await login({ message, signature })).body.code).toBe(0);
    const reused = await login({ message, signature });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 1002, data: null });
    expect(reused.body.msg).toMatch(/expired or was already used/);
  });

  it('lets exactly one of two concurrent sign-ins spend a nonce', async () => {
    const wallet = testWallet();
    const nonce = await fetchNonce(app);
    const message = siweMessage(wallet, nonce);
    const signature = await wallet.signMessage({ message });
    const results = await Promise.all(Array.from({ length: 5 }, () => login({ message, signature })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1002)).toHaveLength(4);
  });

  it('refuses an unknown nonce', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, 'abcdef0123456789abcdef0123456789');
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1002);
  });

  it('refuses an expired nonce', async () => {
    const wallet = testWallet();
    const nonce = await fetchNonce(app);
    await app.db
      .update(authNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authNonces.nonce, nonce));
    const message = siweMessage(wallet, nonce);
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1002);
  });

  it('refuses a message for another domain', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), { domain: 'evil.example', uri: 'https://evil.example' });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body).toMatchObject({ code: 1005, msg: 'The signed message names another website' });
  });

  it('refuses a message for another site sent with that site as Host: without PUBLIC_ORIGIN only loopback hosts name the site', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), { domain: 'evil.example', uri: 'https://evil.example' });
    const res = await login({ message, signature: await wallet.signMessage({ message }) }, 'en', 'evil.example');
    expect(res.body).toMatchObject({ code: 1005, msg: 'The signed message names another website' });
    const [row] = await app.db.select().from(users).where(eq(users.address, wallet.address));
    expect(row).toBeUndefined();
    // What a browser on this machine sends (the web app's dev server, the e2e server) still signs in.
    for (const host of ['127.0.0.1:5173', 'localhost:8080']) {
      const local = testWallet();
      const signed = siweMessage(local, await fetchNonce(app), { domain: host, uri: `http://${host}` });
      const ok = await login({ message: signed, signature: await local.signMessage({ message: signed }) }, 'en', host);
      expect(ok.body.code, host).toBe(0);
    }
  });

  it('refuses a message whose URI names another site', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), { uri: 'https://evil.example/login' });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body).toMatchObject({ code: 1005 });
    const [row] = await app.db.select().from(users).where(eq(users.address, wallet.address));
    expect(row).toBeUndefined();
  });

  it('answers a message that is not valid yet with its own code, not "expired"', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), { notBefore: new Date(Date.now() + 10 * 60_000) });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1008, msg: 'This sign-in message is not valid yet' });
    const zh = await login({ message, signature: await wallet.signMessage({ message }) }, 'zh-CN');
    expect(zh.body.msg).toBe('签名消息尚未生效');
  });

  it('refuses a message for another chain', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), { chainId: 1 });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1006);
  });

  it('refuses an expired message', async () => {
    const wallet = testWallet();
    const issuedAt = new Date(Date.now() - 5 * 60_000);
    const message = siweMessage(wallet, await fetchNonce(app), {
      issuedAt,
      expirationTime: new Date(Date.now() - 1000),
    });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1004);
  });

  it('refuses a message issued long ago, even without an expiry', async () => {
    const wallet = testWallet();
    const message = siweMessage(wallet, await fetchNonce(app), {
      issuedAt: new Date(Date.now() - 60 * 60_000),
      expirationTime: undefined,
    });
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1004);
  });

  it("refuses another address's signature", async () => {
    const claimed = testWallet();
    const signer = testWallet();
    const message = siweMessage(claimed, await fetchNonce(app));
    const res = await login({ message, signature: await signer.signMessage({ message }) });
    expect(res.body.code).toBe(1003);
    const [row] = await app.db.select().from(users).where(eq(users.address, claimed.address));
    expect(row).toBeUndefined();
  });

  it('refuses a message that is not EIP-4361', async () => {
    const wallet = testWallet();
    const message = 'please let me in';
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.body.code).toBe(1007);
  });

  it('refuses an oversized message with a 400 naming the field, and an oversized body with a 413', async () => {
    const wallet = testWallet();
    const message = `${siweMessage(wallet, await fetchNonce(app))}\n${'x'.repeat(3000)}`;
    const res = await login({ message, signature: await wallet.signMessage({ message }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, msg: 'Invalid value for message' });

    const huge = await login({ message: 'x'.repeat(200_000), signature: '0x00' });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(413);
  });
});

describe('invitations', () => {
  it("places a newcomer in the department named by the inviter's code", async () => {
    const inviter = await signIn(app);
    const me = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: bearer(inviter.token) });
    const codes = me.json().data.inviteCodes as { department: number; code: string }[];
    const second = codes.find((c) => c.department === 2)!;
    const newcomer = await signIn(app, testWallet(), { inviteCode: second.code.toLowerCase() });
    expect(newcomer.body.code).toBe(0);
    const [row] = await app.db
      .select()
      .from(users)
      .where(eq(users.id, Number(newcomer.body.data.userId)));
    expect(row?.inviterId).toBe(Number(inviter.body.data.userId));
    expect(row?.department).toBe(2);
  });

  it('refuses a code that names no department, in the asked language, and creates no member', async () => {
    const wallet = testWallet();
    const nonce = await fetchNonce(app);
    const message = siweMessage(wallet, nonce);
    const signature = await wallet.signMessage({ message });
    const zh = await login({ message, signature, inviteCode: 'NOPE1234' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: 1001, data: null, msg: '无效的分区邀请码' });
    const en = await login({ message, signature, inviteCode: 'NOPE1234' }, 'en-US,en;q=0.9');
    expect(en.body.msg).toBe('Invalid partition invitation code');
    const [row] = await app.db.select().from(users).where(eq(users.address, wallet.address));
    expect(row).toBeUndefined();
  });
});

describe('tokens', () => {
  it('logout revokes the token: the next call is a 401 in status and body', async () => {
    const { token } = await signIn(app);
    const out = await app.inject({ method: 'POST', url: '/app-api/biz/biz-user/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ code: 0, data: null, msg: '' });
    const me = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ code: 401, data: null, msg: '请先登录' });
  });

  it('a sign-out on another app instance sharing the database refuses the token here at once', async () => {
    // A second instance (another process of a cluster): its own token service, the same database.
    const other = await buildApp({ config: app.config, database: app.database, logger: false, serveApps: false });
    await other.ready();
    try {
      const giver = await newMember(app);
      const receiver = await newMember(app);
      await fund(app, giver.userId, 'GOLD', '10');
      const gift = (key: string) =>
        app.inject({
          method: 'POST',
          url: '/app-api/asset/send',
          headers: { ...giver.headers, 'idempotency-key': key },
          payload: { toUserId: String(receiver.userId), asset: 'GOLD', amount: '1' },
        });
      const call = (url: string) => app.inject({ method: 'GET', url, headers: giver.headers });
      // Every kind of guard has just seen the token as live on this instance.
      expect((await call('/app-api/biz/biz-user/get')).statusCode).toBe(200);
      expect((await call('/app-api/asset/selectAssetBalance')).statusCode).toBe(200);
      const answered = await gift('before-sign-out');
      expect(answered.json().code).toBe(0);

      const out = await other.inject({ method: 'POST', url: '/app-api/biz/biz-user/logout', headers: giver.headers });
      expect(out.json().code).toBe(0);

      // The profile (session checked in its own statement) and a guarded read.
      for (const url of ['/app-api/biz/biz-user/get', '/app-api/asset/selectAssetBalance']) {
        const res = await call(url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 401, data: null, msg: '请先登录' });
      }
      // A gift moves nothing, and an answered key is not replayed to the signed-out token.
      for (const key of ['after-sign-out', 'before-sign-out']) {
        const res = await gift(key);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(401);
      }
      expect(await unitsOf(app, giver.userId, 'GOLD')).toBe(900n);
      expect(await unitsOf(app, receiver.userId, 'GOLD')).toBe(100n);
    } finally {
      await other.close();
    }
  });

  it('refuses a missing, malformed or foreign-signed token', async () => {
    const none = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get' });
    expect(none.statusCode).toBe(401);
    const junk = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: bearer('abc.def.ghi') });
    expect(junk.json().code).toBe(401);
    const { body } = await signIn(app);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.data.userId)
      .setJti('00000000-0000-4000-8000-000000000000')
      .setIssuer('minecloud')
      .setAudience('member')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key'));
    const res = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('never lets forged sign-ins naming a wallet spend its budget; its own sign-ins do, and nonces are limited per IP', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '3' });
    const attempt = async (message: string, signature: string, remoteAddress = '127.0.0.1') =>
      (
        await limited.inject({
          method: 'POST',
          url: '/app-api/biz/biz-user/login',
          remoteAddress,
          payload: { message, signature },
        })
      ).json().code as number;
    try {
      const victim = testWallet();
      const forger = testWallet();
      // More forged attempts than the victim's budget, from one IP, each merely naming the victim.
      for (let i = 0; i < 4; i += 1) {
        const message = siweMessage(victim, await fetchNonce(limited));
        expect(await attempt(message, await forger.signMessage({ message }), '10.0.0.66')).toBe(1003);
      }
      // The victim signs in at once, from anywhere, up to the limit; then its own budget is spent.
      const own: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const message = siweMessage(victim, await fetchNonce(limited));
        own.push(await attempt(message, await victim.signMessage({ message })));
      }
      expect(own).toEqual([0, 0, 0, 429]);

      const nonceFrom = async (remoteAddress: string) =>
        (await limited.inject({ method: 'GET', url: '/app-api/biz/biz-user/nonce', remoteAddress })).statusCode;
      const statuses: number[] = [];
      for (let i = 0; i < 9; i += 1) statuses.push(await nonceFrom('10.0.0.9'));
      expect(statuses.every((s) => s === 200)).toBe(true);
      const last = await limited.inject({
        method: 'GET',
        url: '/app-api/biz/biz-user/nonce',
        remoteAddress: '10.0.0.9',
        headers: { 'accept-language': 'ko-KR' },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({ code: 429, msg: '요청이 너무 많습니다. 잠시 후 다시 시도하세요' });
      expect(await nonceFrom('10.0.0.10')).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in site from PUBLIC_ORIGIN', () => {
  it("takes the domain and URI from PUBLIC_ORIGIN, whatever the request's Host", async () => {
    const site = await buildTestApp({ PUBLIC_ORIGIN: 'https://app.example.com' });
    const attempt = async (overrides: Parameters<typeof siweMessage>[2], host: string) => {
      const wallet = testWallet();
      const message = siweMessage(wallet, await fetchNonce(site), overrides);
      const res = await site.inject({
        method: 'POST',
        url: '/app-api/biz/biz-user/login',
        headers: { host },
        payload: { message, signature: await wallet.signMessage({ message }) },
      });
      return res.json().code as number;
    };
    try {
      const ours = { domain: 'app.example.com', uri: 'https://app.example.com/' };
      expect(await attempt(ours, 'app.example.com')).toBe(0);
      expect(await attempt(ours, '10.1.2.3:8080')).toBe(0);
      expect(await attempt({ domain: 'localhost:80', uri: 'http://localhost:80' }, TEST_HOST)).toBe(1005);
      expect(await attempt({ domain: 'evil.example', uri: 'https://evil.example' }, 'evil.example')).toBe(1005);
      expect(await attempt({ ...ours, uri: 'http://app.example.com' }, 'app.example.com')).toBe(1005);
      expect(await attempt({ ...ours, uri: 'https://evil.example' }, 'app.example.com')).toBe(1005);
    } finally {
      await site.close();
    }
  });
});
