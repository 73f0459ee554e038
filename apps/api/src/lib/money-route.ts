import { createHash } from 'node:crypto';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { bearerToken, memberOf } from '../modules/auth/guard.ts';
import type { AuthorizedUserId } from '../modules/auth/tokens.ts';
import { ok } from './envelope.ts';
import { idempotencyKeyOf, oncePerKey, type TxDb } from './idempotency.ts';

/** Money calls are limited per member session (the token), not per IP. */
export const perMemberLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      createHash('sha256')
        .update(bearerToken(request) ?? request.ip)
        .digest('base64url'),
  },
});

export type MoneyWork<B, A> = (
  tx: TxDb,
  userId: AuthorizedUserId,
  body: B,
  legKey: (leg: string) => string,
) => Promise<A>;

/**
 * A member's money POST: signed in, rate-limited per session, validated by the contract's
 * schemas, run once per Idempotency-Key in one transaction, answered in the envelope.
 */
export function moneyPost<B extends z.ZodType, A extends z.ZodType>(
  // Typed as the plain instance: the zod schemas still validate and serialize at run time, and
  // `work` is typed from them here.
  app: FastifyInstance,
  options: { path: string; tag: string; body: B; answer: A; perMinute: number },
  work: MoneyWork<z.infer<B>, z.infer<A>>,
) {
  app.post(
    `/${options.path}`,
    {
      preHandler: app.requireMember,
      config: perMemberLimit(options.perMinute),
      schema: {
        tags: [options.tag],
        security: [{ bearer: [] }],
        body: options.body,
        response: { 200: envelopeSchema(options.answer) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const key = idempotencyKeyOf(request);
      const body = request.body as z.infer<B>;
      const scope = { userId, key, route: options.path, body };
      return ok(await oncePerKey(app.db, scope, (tx, legKey) => work(tx, userId, body, legKey)));
    },
  );
}
