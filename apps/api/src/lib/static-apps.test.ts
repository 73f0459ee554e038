import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_OPTIONS } from '../app.ts';
import { serveStaticApps } from './static-apps.ts';

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
