import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError, fail } from './errors.ts';

export type TxDb = Parameters<Parameters<Db['transaction']>[0]>[0];

const KEY_PATTERN = /^[\w.:-]{8,128}$/;

/** The Idempotency-Key header of a money POST (API.md); required, 8–128 safe characters. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('badRequest', 'Idempotency-Key');
  return value;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs a money operation once per (member, key): the key row is inserted in the operation's own
 * transaction, so a concurrent repeat waits for it and then replays its answer; a repeat with
 * another body is refused with 409. A failed operation leaves no key, so it may be retried.
 */
export async function oncePerKey<T>(
  db: Db,
  scope: { userId: number; key: string; route: string; body: unknown },
  work: (tx: TxDb, legKey: (leg: string) => string) => Promise<T>,
): Promise<T> {
  const requestHash = createHash('sha256')
    .update(`${scope.route}\n${canonical(scope.body)}`)
    .digest('hex');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
      if (!first || first.requestHash !== requestHash) return fail('conflict');
      return first.answer as T;
    }
    const answer = await work(tx, (leg) => `${scope.route}:${scope.userId}:${scope.key}:${leg}`);
    await tx
      .update(idempotencyKeys)
      .set({ answer: sql`${JSON.stringify(answer)}::jsonb` })
      .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
    return answer;
  });
}
