import { type SQL, sql } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { countHit, countHitStatement, type LimitWindow, limitPruner } from '../lib/limits.ts';
import { bearerToken } from '../modules/auth/guard.ts';

/** Every per-member limit is per minute. */
const WINDOW_MS = 60_000;

/**
 * The key of a member call's limit: the member a well-signed token names, so that signing in again
 * does not open a second allowance; a call without one counts against its IP (it is refused as
 * unauthorized anyway). Only the signature is checked here (cached per token, no database read): a
 * revoked token of a member still counts against that member, and the guard refuses it.
 */
async function limitKeyOf(request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  const claims = token ? await request.server.tokens.claims(token) : null;
  return claims ? `member:${claims.userId}` : `ip:${request.ip}`;
}

/** What a statement that counts a hit answers: the count after it (text) and the window's end. */
export type CountedColumns = { hits: string; expiresAt: string | Date };

/**
 * A per-member limit of `max` calls a minute (money calls, code mails, uploads), by member (user
 * id), not per session or IP, in the database so that the limit is one for all processes
 * (lib/limits.ts). Counted one of two ways, with the same keys, windows, headers and refusal (429
 * in the envelope, before any other answer):
 * - `hook`, for a route's `config`: @fastify/rate-limit's hook counts the call before it runs;
 * - `inStatement(db)`: the call's own statement counts it, one round trip and one commit for the
 *   count and the work (a gift).
 */
export function memberLimit(max: number) {
  return {
    hook: { rateLimit: { max, timeWindow: WINDOW_MS, keyGenerator: limitKeyOf } },
    inStatement: (db: Db) => countedInStatement(db, max),
  };
}

/**
 * `memberLimit`'s count in the call's own statement. A request that fails before its statement, or
 * whose statement fails as a whole, is counted on its own by `errorHandler` (the route's) or by
 * `counted` run alone (money/idempotency.ts), so that every request counts once, as with the hook.
 */
function countedInStatement(db: Db, max: number) {
  const settled = new WeakSet<FastifyRequest>();
  const prune = limitPruner(db);

  const windowOf = (request: FastifyRequest, key: string): LimitWindow => {
    const { method, url } = request.routeOptions;
    const scope = `${Array.isArray(method) ? method.join(',') : method} ${url}`;
    return { key: `rl:${scope}:${key}`, windowMs: WINDOW_MS, now: new Date() };
  };

  /** The plugin's headers, then its refusal past the limit. */
  function settle(request: FastifyRequest, reply: FastifyReply, hits: number, resetAt: Date, now: Date) {
    settled.add(request);
    void prune(now);
    const reset = Math.ceil((resetAt.getTime() - now.getTime()) / 1000);
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - hits));
    reply.header('x-ratelimit-reset', reset);
    if (hits <= max) return;
    reply.header('retry-after', reset);
    throw new AppError('rateLimited');
  }

  return {
    /** For the route's `config`: the API document lists the 429. */
    config: { limitInStatement: { max } },

    /**
     * The member's window (for a statement that counts it itself), and the same as SQL (built when
     * asked): the CTE `counted` (one hit on the window, whatever happens next) and the check
     * `within` that reads it; `columns` answers the count. `settle` then reads the row.
     */
    forMember(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const window = windowOf(request, `member:${userId}`);
      const now = window.now as Date;
      return {
        window: { key: window.key, start: now, end: new Date(now.getTime() + WINDOW_MS), max },
        sql: () => ({
          first: sql`counted as (${countHitStatement(window)})`,
          within: sql`(select hits::bigint from counted) <= ${max}::bigint` as SQL,
          columns: sql`, (select hits from counted) as hits, (select "expiresAt" from counted) as "expiresAt"`,
        }),
        settle: (row: CountedColumns) => settle(request, reply, Number(row.hits), new Date(row.expiresAt), now),
      };
    },

    /** The route's error handler: counts a request that failed before its statement counted it. */
    async errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      if (!settled.has(request)) {
        const window = windowOf(request, await limitKeyOf(request));
        const { hits, resetAt } = await countHit(db, window);
        settle(request, reply, hits, resetAt, window.now as Date);
      }
      // The app's own handler answers it (Fastify hands what a route's handler throws to its parent).
      throw error;
    },
  };
}
