import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TxDb } from '../db/client.ts';
import type { TransferInput } from '../ledger/accounts.ts';
import { ok } from '../lib/envelope.ts';
import { bearerToken, claimsOf, memberOf } from '../modules/auth/guard.ts';
import { type AuthorizedUserId, liveSession } from '../modules/auth/tokens.ts';
import { idempotencyKeyOf, oncePerKey, transferOncePerKey } from './idempotency.ts';

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

type KeyScope = { userId: number; key: string; route: string; body: unknown };

/**
 * A member's money POST: signed in, rate-limited per member, validated by the contract's schemas,
 * run once per Idempotency-Key, answered in the envelope. `guard` checks the token (the session too,
 * unless `run` checks it in its own statement); `run` gets the request, the body and the key's scope.
 */
function registerMoneyPost<B extends z.ZodType, A extends z.ZodType>(
  // Typed as the plain instance: the zod schemas still validate and serialize at run time, and
  // `run` is typed from them here.
  app: FastifyInstance,
  options: MoneyRoute<B, A>,
  guard: FastifyInstance['requireMember'],
  run: (request: FastifyRequest, body: z.infer<B>, scope: (userId: number) => KeyScope) => Promise<z.infer<A>>,
) {
  app.post(
    `/${options.path}`,
    {
      preHandler: guard,
      config: perMemberLimit(options.perMinute),
      schema: {
        tags: [options.tag],
        security: [{ bearer: [] }],
        body: options.body,
        response: { 200: envelopeSchema(options.answer) },
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      const body = request.body as z.infer<B>;
      return ok(await run(request, body, (userId) => ({ userId, key, route: options.path, body })));
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
  registerMoneyPost(app, options, app.requireMember, (request, body, scope) => {
    const { userId } = memberOf(request);
    return oncePerKey(app.db, scope(userId), (tx, legKey) => work(tx, userId, body, legKey), {
      ...(before ? { before: () => before(userId, body) } : {}),
    });
  });
}

/**
 * A money POST that is exactly one transfer: checked by `plan`, then moved in one statement, which
 * also checks that the caller's session is live (one round trip for the session, the transfer and
 * its key). `plan` gets the member the token names, not yet proven: it may check the request and
 * read settings, but must not read or answer anything of that member's.
 */
export function transferPost<B extends z.ZodType>(
  app: FastifyInstance,
  options: MoneyRoute<B, z.ZodType<{ transferId: string }>>,
  plan: (claimedUserId: number, body: z.infer<B>, legKey: (leg: string) => string) => Promise<TransferInput>,
) {
  registerMoneyPost(app, options, app.requireSignedToken, (request, body, scope) => {
    const claims = claimsOf(request);
    return transferOncePerKey(app.db, scope(claims.userId), (legKey) => plan(claims.userId, body, legKey), {
      name: 'live_session',
      condition: liveSession(claims),
    });
  });
}
