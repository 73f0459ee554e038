import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Defined by the production bundle (scripts/build-server.mjs), which lies in dist/server. */
declare const MINECLOUD_BUNDLE: boolean | undefined;
/** `npm run build` writes every artefact under one dist/: server/, web/ and admin/. */
const dist = fileURLToPath(
  typeof MINECLOUD_BUNDLE === 'undefined'
    ? new URL('../../../../dist/', import.meta.url)
    : new URL('../', import.meta.url),
);
export const DEFAULT_WEB_DIST = path.join(dist, 'web');
export const DEFAULT_ADMIN_DIST = path.join(dist, 'admin');

/** Hashed assets never change; index.html must always be revalidated. */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The CSP source of each inline script of a page: `'sha256-…'` of its text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** A Content-Security-Policy that also lets these sources run (added to script-src, or to a copy of default-src). */
export function allowScripts(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => /^script-src\s/i.test(d));
  if (at >= 0) directives[at] = `${directives[at]} ${sources.join(' ')}`;
  else {
    const fallback = directives.find((d) => /^default-src\s/i.test(d));
    if (!fallback) return policy;
    directives.push(`script-src${fallback.slice('default-src'.length)} ${sources.join(' ')}`);
  }
  return directives.filter(Boolean).join(';');
}

/**
 * index.html carries one inline script (the app shell's, scripts/shell/script.ts: it picks the first
 * frame and starts the first requests before the app's code arrives); the page's policy allows
 * exactly that script, by its hash, read again whenever the file changes (a new build).
 */
function indexScriptPolicy(indexFile: string) {
  let seen: { mtimeMs: number; sources: string[] } | null = null;
  return (reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return;
    const { mtimeMs } = statSync(indexFile);
    if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, sources: inlineScriptHashes(readFileSync(indexFile, 'utf8')) };
    reply.header('content-security-policy', allowScripts(policy, seen.sources));
  };
}

/**
 * Serves the member app at / and the console at /admin/ from their Vite builds, when built; a file's
 * `.br` or `.gz` twin (written by the build, scripts/vite-precompress.ts) to browsers that accept it.
 */
export async function serveStaticApps(app: FastifyInstance, dirs: { web?: string; admin?: string }) {
  const web = dirs.web ?? DEFAULT_WEB_DIST;
  const admin = dirs.admin ?? DEFAULT_ADMIN_DIST;
  const webBuilt = existsSync(path.join(web, 'index.html'));
  if (webBuilt) {
    const indexFile = path.join(web, 'index.html');
    const allowIndexScript = indexScriptPolicy(indexFile);
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      setHeaders: (reply, filePath) => {
        cacheHeaders(reply, filePath);
        if (filePath.startsWith(indexFile)) allowIndexScript(reply);
      },
      wildcard: true,
      preCompressed: true,
    });
  } else {
    app.log.warn({ web }, 'member app is not built; run `npm run build`');
  }
  if (existsSync(path.join(admin, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: admin,
      prefix: '/admin/',
      decorateReply: !webBuilt,
      setHeaders: cacheHeaders,
      preCompressed: true,
      // One route per built file, so that the console's own paths (/admin/members/7) can fall back
      // to its page below.
      wildcard: false,
    });
    const page = (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', admin);
    };
    // Every console path that is not a file (a missing file stays a 404). The bare prefix is the
    // index file's own route.
    app.get('/admin/*', (request, reply) => {
      const last = request.url.split('?')[0]?.split('/').pop() ?? '';
      if (last.includes('.')) return reply.callNotFound();
      return page(request, reply);
    });
  }
}
