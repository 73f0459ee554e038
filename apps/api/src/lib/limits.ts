import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../db/client.ts';

/**
 * Limits that hold across processes: fixed-window counters in PostgreSQL (`rate_limits`), one row
 * per key holding its current window, which starts at the key's first hit (as @fastify/rate-limit's
 * own store does) and is bumped or restarted by one atomic upsert. A limit kept in a process's
 * memory is multiplied by the number of processes, and forgotten by a restart.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A limit per minute that the route counts in its own statement (money/member-limit.ts) rather
     * than in @fastify/rate-limit's hook: the same keys, windows, headers and 429.
     */
    limitInStatement?: { max: number };
  }
}

/** The pool or an open transaction: a spend inside a transaction is undone with it. */
type Executor = Pick<Db, 'execute'>;

export type LimitWindow = {
  /** What is counted, namespaced by its caller (`signin:<address>`, `upload-bytes`, ...). */
  key: string;
  windowMs: number;
  /** Wall time by default: windows are about the world's time, as the clients' retries are. */
  now?: Date;
};

/**
 * The upsert every counter shares, from `rows` (a VALUES list or a SELECT of key, window_start,
 * expires_at, hits): a new key, or a key whose window has ended by the row's `window_start` (its
 * now), starts a window there with the row's hits; otherwise they are added. `onlyIf` guards the
 * update (a budget's cap). `returning` names what it answers of each key's row after it.
 */
export function upsertHits(rows: SQL, returning: SQL, onlyIf?: SQL): SQL {
  const ended = sql`rate_limits.expires_at <= excluded.window_start`;
  return sql`insert into rate_limits (key, window_start, expires_at, hits) ${rows}
      on conflict (key) do update set
        hits = case when ${ended} then excluded.hits else rate_limits.hits + excluded.hits end,
        window_start = case when ${ended} then excluded.window_start else rate_limits.window_start end,
        expires_at = case when ${ended} then excluded.expires_at else rate_limits.expires_at end
      ${onlyIf ? sql`where ${ended} or (${onlyIf})` : sql``}
      returning ${returning}`;
}

/** `upsertHits` of one window: starts at `now` with `amount`, or adds `amount`. */
function bump({ key, windowMs, now = new Date() }: LimitWindow, amount: number, onlyIf?: SQL) {
  const start = now.toISOString();
  const end = new Date(now.getTime() + windowMs).toISOString();
  return upsertHits(
    sql`values (${key}, ${start}::timestamptz, ${end}::timestamptz, ${amount})`,
    sql`hits::text as hits, expires_at as "expiresAt"`,
    onlyIf,
  );
}

/**
 * The upsert that counts one hit on the key's current window whatever its count, as a statement of
 * its own or a CTE of a larger one; it returns the count after it (`hits`, as text) and the end of
 * the window (`expiresAt`).
 */
export const countHitStatement = (window: LimitWindow): SQL => bump(window, 1);

/**
 * Counts `amount` on the key's current window whatever its count, and answers the count after it
 * and when the window ends. Request limits count refused requests too, as @fastify/rate-limit does.
 */
export async function countHit(
  db: Executor,
  window: LimitWindow,
  amount = 1,
): Promise<{ hits: number; resetAt: Date }> {
  const [row] = await preparedRows<{ hits: string; expiresAt: string | Date }>(db, 'limit_count', bump(window, amount));
  if (!row) throw new Error(`rate limit ${window.key}: the upsert returned no row`);
  return { hits: Number(row.hits), resetAt: new Date(row.expiresAt) };
}

/**
 * Spends `amount` of the key's budget of `max` for its current window, only if it still fits: true
 * when spent, false (and nothing counted) when it would go over.
 */
export async function spendWithin(db: Executor, window: LimitWindow, max: number, amount = 1): Promise<boolean> {
  if (amount > max) return false;
  const rows = await preparedRows(
    db,
    'limit_spend',
    bump(window, amount, sql`rate_limits.hits + excluded.hits <= ${max}`),
  );
  return rows.length > 0;
}

/** Deletes every window that has ended. */
export async function pruneLimits(db: Executor, now = new Date()): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < ${now.toISOString()}::timestamptz`);
}

/** How often each process sweeps ended windows, on the back of a counted request. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Sweeps ended windows at most once a minute, on the back of a counted request; a failed sweep
 * only delays the next one: it never fails the request.
 */
export function limitPruner(db: Executor): (now: Date) => Promise<void> {
  let prunedAt = 0;
  return async (now) => {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await pruneLimits(db, now).catch(() => undefined);
  };
}

/** What the plugin passes a child store at run time: the route's merged limit, with the route. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps its counters in `rate_limits`, so a per-IP or
 * per-member limit is one limit for all processes. Each route's limit counts apart (the plugin
 * makes a child store per route, keyed here by method and URL).
 */
export function sharedRateLimitStore(db: Db) {
  const pruneNow = limitPruner(db);

  return class SharedRateLimitStore {
    readonly scope: string;
    constructor(params: object = {}) {
      const route = (params as RouteParams).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.scope = route?.url ? `${method} ${route.url}` : 'global';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      this.count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    async count(key: string, timeWindow: number) {
      const now = new Date();
      const { hits, resetAt } = await countHit(db, { key: `rl:${this.scope}:${key}`, windowMs: timeWindow, now });
      await pruneNow(now);
      return { current: hits, ttl: resetAt.getTime() - now.getTime() };
    }

    child(params: object) {
      return new SharedRateLimitStore(params);
    }
  };
}
