import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { COMPRESS_FROM_BYTES } from './app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, (a) => {
    a.get('/app-api/test/boom', async () => {
      throw new Error('secret detail: select * from users at /srv/app.ts');
    });
    a.get('/app-api/test/big', async () => ({ list: Array.from({ length: 200 }, (_, i) => ({ id: String(i) })) }));
    a.get('/test/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(4096)));
  });
});
afterAll(async () => {
  await app.close();
});

describe('envelope and errors', () => {
  it('answers an unknown API path with a localized 404 envelope and a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-api/nope', headers: { 'accept-language': 'zh-TW' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, msg: '內容不存在' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('keeps a caller-supplied request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('masks a server fault: no stack, SQL or path, localized text', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-api/test/boom', headers: { 'accept-language': 'ms-MY' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, data: null, msg: 'Ralat pelayan, sila cuba sebentar lagi' });
    expect(res.body).not.toMatch(/secret|select|srv/);
  });

  it('answers malformed JSON and a wrong content type with a 400 envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/app-api/biz/biz-user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"message":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, data: null, msg: 'The request is invalid' });
    const text = await app.inject({
      method: 'POST',
      url: '/app-api/biz/biz-user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe(400);
  });

  it.each([
    [{}, 'message'],
    [{ message: 42, signature: '0x00' }, 'message'],
    [{ message: 'm', signature: 'not-hex' }, 'signature'],
    [{ message: 'm', signature: '0x00', inviteCode: 'x'.repeat(100) }, 'inviteCode'],
  ])('names the bad field of %j', async (payload, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/app-api/biz/biz-user/login',
      headers: { 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, msg: `Invalid value for ${field}` });
  });

  it('picks the message language from Accept-Language: zh-CN by default, English for the unknown', async () => {
    const msg = async (lang?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/app-api/biz/biz-user/get',
          headers: lang ? { 'accept-language': lang } : {},
        })
      ).json().msg;
    expect(await msg()).toBe('请先登录');
    expect(await msg('fr-FR')).toBe('Please sign in');
    expect(await msg('zh-TW')).toBe('請先登入');
    expect(await msg('ko-KR,ko;q=0.9')).toBe('먼저 로그인하세요');
    expect(await msg('ms-MY')).toBe('Sila log masuk');
    expect(await msg('de;q=0.9, zh-HK;q=0.8')).toBe('請先登入');
  });
});

describe('operations endpoints', () => {
  it('reports health, readiness, metrics and the OpenAPI document', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    expect(metrics.body).toMatch(/http_request_duration_seconds_bucket\{/);
    expect(metrics.body).toMatch(/process_cpu_user_seconds_total/);
    const doc = await app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/app-api/biz/biz-user/nonce',
        '/app-api/biz/biz-user/login',
        '/app-api/biz/biz-user/logout',
        '/app-api/biz/biz-user/get',
        '/app-api/biz/biz-config/get/basic',
        '/app-api/asset/send',
        '/app-api/biz/user-usdt-record/receive',
      ]),
    );
    const gift = doc.json().paths['/app-api/asset/send'].post;
    expect(Object.keys(gift.requestBody.content['application/json'].schema.properties)).toEqual([
      'toUserId',
      'asset',
      'amount',
    ]);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('compresses an API answer of 1 KB or more as the client accepts, and nothing smaller or outside the API', async () => {
    for (const url of ['/app-api/test/big', '/docs/json']) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
      for (const [accepted, encoding, inflate] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['br', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accepted } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(inflate(res.rawPayload).toString()).toBe(plain.body);
      }
      const identity = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain.body);
    }
    // A small answer (a member's frequent reads are this size), and a path outside the API.
    const small = await app.inject({ method: 'GET', url: '/app-api/nope', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(404);
    const config = await app.inject({
      method: 'GET',
      url: '/app-api/biz/biz-config/get/basic',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(config.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.json().code).toBe(0);
    const text = await app.inject({ method: 'GET', url: '/test/text', headers: { 'accept-encoding': 'br' } });
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body).toHaveLength(4096);
  });

  it("sends the API's own set of headers on its answers, refusals and unknown paths, and no page's", async () => {
    for (const url of [
      '/app-api/biz/biz-config/get/basic',
      '/app-api/biz/biz-user/get',
      '/app-api/no-such-path',
      '/market-api/no-such-path',
      '/admin-api/no-such-path',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-resource-policy': 'same-origin',
      });
      for (const page of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-xss-protection'])
        expect(res.headers[page]).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it("sends helmet's whole set of headers, with our CSP, everywhere but the API", async () => {
    for (const url of ['/healthz', '/', '/no-such-path']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob:");
      // WebAssembly (the QR code reader) compiles; no JavaScript eval is allowed with it.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('serves the public basic config', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        chainId: 56,
        appVersion: '1.0.0',
        demo: false,
        banners: [],
        limits: { goldPerUsdt: '100', transferAssets: 'GOLD,USDT', donationAssets: 'GOLD,USDT' },
        features: { equityTrading: false, equityRepurchase: false },
        // No WALLETCONNECT_PROJECT_ID: the sign-in page offers no WalletConnect.
        walletConnectProjectId: null,
      },
    });
  });

  it('names the WalletConnect project id in the basic config once one is set', async () => {
    const withId = await buildTestApp({ WALLETCONNECT_PROJECT_ID: 'a'.repeat(32) });
    try {
      const res = await withId.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
      expect(res.json().data.walletConnectProjectId).toBe('a'.repeat(32));
      // The page's policy lets the client reach WalletConnect's relay and its attestation frame.
      const policy = String((await withId.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(policy).toMatch(
        /connect-src 'self' wss:\/\/relay\.walletconnect\.org [^;]*https:\/\/verify\.walletconnect\.org/,
      );
      expect(policy).toMatch(
        /frame-src 'self' https:\/\/verify\.walletconnect\.org https:\/\/verify\.walletconnect\.com/,
      );
      // Without a project id the policy names none of it.
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(String(plain.headers['content-security-policy'])).toContain("connect-src 'self'");
      expect(String(plain.headers['content-security-policy'])).not.toContain('walletconnect');
    } finally {
      await withId.close();
    }
  });
});
