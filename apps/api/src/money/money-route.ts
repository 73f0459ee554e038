import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TxDb } from '../db/client.ts';
import type { TransferInput } from '../ledger/accounts.ts';
import { ok } from '../lib/envelope.ts';
import { bearerToken, memberOf } from '../modules/auth/guard.ts';
import type { AuthorizedUserId } from '../modules/auth/tokens.ts';
import { idempotencyKeyOf, oncePerKey, transferOncePerKey } from './idempotency.ts';

/**
 * The key of a member call's limit: the member a valid token proves, so that signing in again does
 * not open a second allowance; a call without one counts against its IP (it is refused as
 * unauthorized anyway). Verified tokens are cached, so the guard that follows costs nothing more.
 */
async function limitKeyOf(request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  const session = token ? await request.server.tokens.verify(token) : null;
  return session ? `member:${session.userId}` : `ip:${request.ip}`;
}

/**
 * Money calls are limited per member (user id), not per session or IP, in the database so that
 * the limit is one for all processes (lib/limits.ts).
 */
export const perMemberLimit = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: limitKeyOf },
});

export type MoneyWork<B, A> = (
  tx: TxDb,
  userId: AuthorizedUserId,
  body: B,
  legKey: (leg: string) => string,
) => Promise<A>;

type MoneyRoute<B extends z.ZodType, A extends z.ZodType> = {
  path: string;
  tag: string;
  body: B;
  answer: A;
  perMinute: number;
};

/**
 * A member's money POST: signed in, rate-limited per member, validated by the contract's schemas,
 * run once per Idempotency-Key, answered in the envelope. `run` gets the proven member, the body
 * and the key's scope.
 */
function registerMoneyPost<B extends z.ZodType, A extends z.ZodType>(
  // Typed as the plain instance: the zod schemas still validate and serialize at run time, and
  // `run` is typed from them here.
  app: FastifyInstance,
  options: MoneyRoute<B, A>,
  run: (
    userId: AuthorizedUserId,
    body: z.infer<B>,
    scope: { userId: number; key: string; route: string; body: unknown },
  ) => Promise<z.infer<A>>,
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
      return ok(await run(userId, body, { userId, key, route: options.path, body }));
    },
  );
}

/**
 * A money POST whose work runs in one transaction with its key row. `before`, when given, runs
 * first and outside that transaction, for checks whose effects must stay even if the work fails
 * (an email code spent, a wrong code counted); a repeat of an answered key skips it.
 */
export function moneyPost<B extends z.ZodType, A extends z.ZodType>(
  app: FastifyInstance,
  options: MoneyRoute<B, A> & { before?: (userId: AuthorizedUserId, body: z.infer<B>) => Promise<void> },
  work: MoneyWork<z.infer<B>, z.infer<A>>,
) {
  const { before } = options;
  registerMoneyPost(app, options, (userId, body, scope) =>
    oncePerKey(app.db, scope, (tx, legKey) => work(tx, userId, body, legKey), {
      ...(before ? { before: () => before(userId, body) } : {}),
    }),
  );
}

/** A money POST that is exactly one transfer: checked by `plan`, then moved in one statement. */
export function transferPost<B extends z.ZodType>(
  app: FastifyInstance,
  options: MoneyRoute<B, z.ZodType<{ transferId: string }>>,
  plan: (userId: AuthorizedUserId, body: z.infer<B>, legKey: (leg: string) => string) => Promise<TransferInput>,
) {
  registerMoneyPost(app, options, (userId, body, scope) =>
    transferOncePerKey(app.db, scope, (legKey) => plan(userId, body, legKey)),
  );
}
