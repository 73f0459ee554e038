import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_OPTIONS } from '../app.ts';
import { securityHeaders } from './security-headers.ts';
import { allowScripts, inlineScriptHashes, serveStaticApps } from './static-apps.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'static-'));
const app = Fastify({ routerOptions: ROUTER_OPTIONS });

beforeAll(async () => {
  for (const name of ['web', 'admin']) {
    mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, name, 'index.html'), `<title>${name}</title>`);
    writeFileSync(path.join(dir, name, 'assets', 'main-abc123.js'), `console.log('${name}')`);
    // What the build writes beside each text file (scripts/vite-precompress.ts).
    writeFileSync(path.join(dir, name, 'assets', 'main-abc123.js.br'), brotliCompressSync(`console.log('${name}')`));
    writeFileSync(path.join(dir, name, 'assets', 'main-abc123.js.gz'), gzipSync(`console.log('${name}')`));
  }
  await serveStaticApps(app, { web: path.join(dir, 'web'), admin: path.join(dir, 'admin') });
  await app.ready();
});
afterAll(() => app.close());

describe('serving the built apps', () => {
  it('serves the member app at / and the console at /admin/', async () => {
    const web = await app.inject('/');
    expect(web.body).toBe('<title>web</title>');
    expect(web.headers['cache-control']).toBe('no-cache');
    const admin = await app.inject('/admin/');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe('<title>admin</title>');
    const bare = await app.inject('/admin');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe('<title>admin</title>');
  });

  it("serves the console's page for its own paths, its files as files, and a missing file as a 404", async () => {
    for (const url of ['/admin/members/7', '/admin/config?key=x', '/admin/login']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toBe('<title>admin</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject('/admin/assets/main-abc123.js');
    expect(asset.body).toBe("console.log('admin')");
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/admin/assets/missing-000.js')).statusCode).toBe(404);
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const asset = await app.inject('/assets/main-abc123.js');
    expect(asset.body).toBe("console.log('web')");
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli or gzip twin to a browser that accepts it, the plain file otherwise", async () => {
    for (const prefix of ['/', '/admin/']) {
      const url = `${prefix}assets/main-abc123.js`;
      const name = prefix === '/' ? 'web' : 'admin';
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`console.log('${name}')`);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(`console.log('${name}')`);
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(`console.log('${name}')`);
    }
  });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("the member app's inline script and the page's Content-Security-Policy", () => {
  it('hashes each inline script, not a script with a src', () => {
    const html = '<script type="module" src="/a.js"></script><div></div><script>start(1)</script><script >x()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('start(1)'), sha256('x()')]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });

  it('adds the hashes to script-src, or to a script-src copied from default-src', () => {
    expect(allowScripts("default-src 'self';script-src 'self';object-src 'none'", ["'sha256-a'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a';object-src 'none'",
    );
    expect(allowScripts("default-src 'self'", ["'sha256-a'"])).toBe("default-src 'self';script-src 'self' 'sha256-a'");
    expect(allowScripts("img-src 'self'", ["'sha256-a'"])).toBe("img-src 'self'");
    expect(allowScripts("script-src 'self'", [])).toBe("script-src 'self'");
  });

  it("lets index.html's own inline script run under helmet's policy, and only on index.html", async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'static-csp-'));
    mkdirSync(path.join(web, 'assets'));
    const script = 'document.title="shell"';
    const html = `<div id="root"></div><script>${script}</script>`;
    writeFileSync(path.join(web, 'index.html'), html);
    writeFileSync(path.join(web, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'x');
    const withHelmet = Fastify({ routerOptions: ROUTER_OPTIONS });
    // The app's own way: helmet's default headers, computed once, set on every answer (app.ts).
    const headers = securityHeaders({});
    withHelmet.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    await serveStaticApps(withHelmet, { web, admin: path.join(web, 'none') });
    try {
      for (const headers of [{}, { 'accept-encoding': 'br' }]) {
        const page = await withHelmet.inject({ url: '/', headers });
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toMatch(new RegExp(`script-src 'self' ${sha256(script).replace(/[+/]/g, '\\$&')}`));
      }
      const asset = await withHelmet.inject('/assets/main-abc123.js');
      expect(String(asset.headers['content-security-policy'])).not.toContain('sha256');
      // A new build (another script) is read again.
      writeFileSync(path.join(web, 'index.html'), '<script>other()</script>');
      const later = new Date(Date.now() + 5000);
      utimesSync(path.join(web, 'index.html'), later, later);
      const page = await withHelmet.inject('/');
      expect(String(page.headers['content-security-policy'])).toContain(sha256('other()'));
    } finally {
      await withHelmet.close();
    }
  });
});
