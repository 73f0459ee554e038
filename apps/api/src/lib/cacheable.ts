import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public answer may be cached (Cache-Control max-age). */
    maxAge?: number;
  }
}

function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const given = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return given.includes('*') || given.includes(etag.replace(/^W\//, ''));
}

/**
 * Public answers of the routes of this plugin scope are cacheable: a successful answer carries an
 * ETag (a hash of its body) and `Cache-Control: public, max-age=<route's maxAge>`; a GET whose
 * If-None-Match names the current ETag gets 304 without a body. Errors are never cached.
 */
export function installCaching(app: FastifyInstance, defaultMaxAge: number) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${request.routeOptions.config.maxAge ?? defaultMaxAge}`);
    if ((request.method === 'GET' || request.method === 'HEAD') && matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
