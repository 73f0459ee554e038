/** The PostgreSQL error behind a failed query (drizzle wraps driver errors in `cause`). */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether a failure means the database could not be reached or went away mid-statement (a restart,
 * a failover): the request may be retried with its Idempotency-Key, so it answers 503, not 500.
 * Connection exceptions (class 08), the server shutting down or starting (57P01–57P03), a refused or
 * reset socket, and pg's own errors for a dead connection, which carry no code.
 */
const DEAD_CONNECTION = /^Connection terminated|encountered a connection error and is not queryable|^Client was closed/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET'].includes(code)) return true;
    if (typeof candidate.message === 'string' && DEAD_CONNECTION.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
