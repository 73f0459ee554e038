import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const DEFAULT_WEB_DIST = path.join(repoRoot, 'apps/web/dist');
export const DEFAULT_ADMIN_DIST = path.join(repoRoot, 'apps/admin/dist');

/** Hashed assets never change; index.html must always be revalidated. */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
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
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      setHeaders: cacheHeaders,
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
