/**
 * A fixed-window counter per key, kept in this process. Used where the key is only known after the
 * body is parsed (sign-in per wallet address); per-IP limits use @fastify/rate-limit.
 */
export function createWindowLimiter(max: number, windowMs: number) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one hit; false when the key is over its limit for this window. */
    take(key: string, now = Date.now()): boolean {
      if (hits.size > 100_000) {
        for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      }
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        hits.set(key, { count: 1, resetAt: now + windowMs });
        return true;
      }
      entry.count += 1;
      return entry.count <= max;
    },
  };
}
