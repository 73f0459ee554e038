import type { Call } from '@minecloud/contract/calls';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { TxDb } from '../db/client.ts';
import type { TransferInput } from '../ledger/accounts.ts';
import { betweenMembers } from '../ledger/member-batch.ts';
import { declaredOptions } from '../lib/declared-route.ts';
import { ok } from '../lib/envelope.ts';
import { AppError } from '../lib/errors.ts';
import { claimsOf, memberOf } from '../modules/auth/guard.ts';
import { type AuthorizedUserId, liveSession, sessionIsLive } from '../modules/auth/tokens.ts';
import { idempotencyKeyOf, KEY_PATTERN, type KeyScope, oncePerKey } from './idempotency.ts';
import { type CountedColumns, memberLimit } from './member-limit.ts';
import { memberTransfers } from './member-transfers.ts';

export type MoneyWork<B, A> = (
  tx: TxDb,
  userId: AuthorizedUserId,
  body: B,
  legKey: (leg: string) => string,
) => Promise<A>;

/** A money call's declaration in the contract: a member's POST with a body. */
type MoneyCall<B extends z.ZodType, A extends z.ZodType> = Call & {
  method: 'POST';
  auth: 'member';
  money: true;
  body: B;
  answer: A;
};

type MoneyRoute<B extends z.ZodType, A extends z.ZodType> = {
  /** The call's declaration (its path, schemas and summary). */
  call: MoneyCall<B, A>;
  perMinute: number;
};

/** A money call whose `work` runs in one transaction with its key row (`oncePerKey`'s `work`). */
type WorkRoute<B extends z.ZodType, A extends z.ZodType> = MoneyRoute<B, A> & {
  work: MoneyWork<z.infer<B>, z.infer<A>>;
  before?: (tx: TxDb, userId: AuthorizedUserId, body: z.infer<B>) => Promise<void>;
};

/** A money call that is exactly one transfer, which `transfer` plans (`oncePerKey`'s `transfer`). */
type TransferRoute<B extends z.ZodType> = MoneyRoute<B, z.ZodType<{ transferId: string }>> & {
  transfer: (claimedUserId: number, body: z.infer<B>, legKey: (leg: string) => string) => Promise<TransferInput>;
};

/**
 * The one way to register a member's money POST (signed in, rate-limited per member, validated by
 * the contract's schemas, once per Idempotency-Key, in the envelope), from its declaration. With `work`, the work runs in
 * one transaction with its key row, after `before` when given; with `transfer`, the call is exactly
 * one transfer between members, moved in one statement with its rate-limit count, session check
 * and key row.
 */
export function moneyRoute<B extends z.ZodType, A extends z.ZodType>(
  app: FastifyInstance,
  options: WorkRoute<B, A> | (A extends z.ZodType<{ transferId: string }> ? TransferRoute<B> : never),
) {
  if ('transfer' in options) oneTransferPost(app, options);
  else transactionPost(app, options);
}

type Run<B extends z.ZodType, A extends z.ZodType> = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<B>,
  scope: (userId: number) => KeyScope,
) => Promise<z.infer<A>>;

/**
 * A member's money POST: signed in, rate-limited per member, validated by the contract's schemas,
 * run once per Idempotency-Key, answered in the envelope. `guard` checks the token (the session too,
 * unless `run` checks it in its own statement); `limit` is the route's rate limit (the plugin's hook,
 * or counted by `run`'s statement); `run` gets the request, the body and the key's scope.
 */
function registerMoneyPost<B extends z.ZodType, A extends z.ZodType>(
  // Typed as the plain instance: the zod schemas still validate and serialize at run time, and
  // `run` is typed from them here.
  app: FastifyInstance,
  options: MoneyRoute<B, A>,
  guard: FastifyInstance['requireMember'],
  limit: Pick<RouteShorthandOptions, 'config' | 'errorHandler'>,
  run: Run<B, A>,
) {
  const declared = options.call;
  app.post(
    `/${declared.path}`,
    declaredOptions(app, declared, guard, { ...limit, config: { ...limit.config, idempotencyKey: KEY_PATTERN } }),
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const body = request.body as z.infer<B>;
      return ok(await run(request, reply, body, (userId) => ({ userId, key, route: declared.path, body })));
    },
  );
}

/**
 * A money POST whose work runs in one transaction with its key row. `before`, when given, runs
 * first in that transaction, after the key is claimed, for checks whose effects must stay even if
 * the work fails (an email code spent, a wrong code counted); a repeat of an answered key, even
 * one sent at the same moment, skips it and gets the first answer (`oncePerKey`).
 */
function transactionPost<B extends z.ZodType, A extends z.ZodType>(app: FastifyInstance, options: WorkRoute<B, A>) {
  const { before, work } = options;
  const limit = { config: memberLimit(options.perMinute).hook };
  registerMoneyPost(app, options, app.requireMember, limit, (request, _reply, body, scope) => {
    const { userId } = memberOf(request);
    return oncePerKey(app.db, scope(userId), {
      work: (tx, legKey) => work(tx, userId, body, legKey),
      ...(before ? { before: (tx: TxDb) => before(tx, userId, body) } : {}),
    });
  });
}

/**
 * A money POST that is exactly one transfer: checked by `plan`, then moved in one statement, which
 * also counts the call against the member's rate limit and checks that the caller's session is live
 * (one round trip and one commit for the count, the session, the transfer and its key). `plan` gets
 * the member the token names, not yet proven: it may check the request and read settings, but must
 * not read or answer anything of that member's.
 */
function oneTransferPost<B extends z.ZodType>(app: FastifyInstance, options: TransferRoute<B>) {
  const plan = options.transfer;
  const limit = memberLimit(options.perMinute).inStatement(app.db);
  const route = { config: limit.config, errorHandler: limit.errorHandler };
  // Three statements at a time (one on PGlite's single connection): while they commit, the calls
  // that arrive fill the next. In bench/gifts.ts (16 connections a process), 2 and 4 in flight made
  // fewer gifts a second than 3; one alone stalls every gift of the process behind one statement.
  const move = memberTransfers(app.db, {
    inFlight: Math.min(3, app.database.poolStats().max),
    sessionIsLive,
    onStatement: (calls) => app.metrics?.movedTogether(calls.length),
  });
  registerMoneyPost(app, options, app.requireSignedToken, route, (request, reply, body, scope) => {
    const claims = claimsOf(request);
    const counted = limit.forMember(request, reply, claims.userId);
    return oncePerKey<CountedColumns & { ok: boolean; live: boolean }>(app.db, scope(claims.userId), {
      transfer: (legKey) => plan(claims.userId, body, legKey),
      gate: {
        move: (transfer, key) =>
          move({
            transfer: betweenMembers(transfer),
            key,
            limit: counted.window,
            session: { id: claims.sessionId, userId: claims.userId },
          }),
        precondition: () => {
          const { first, within, columns } = counted.sql();
          return { name: 'member_call', first, checks: { within, live: liveSession(claims) }, columns };
        },
        // The limit's 429 first, as the plugin's hook answers before anything else; then the session.
        settle: (row) => {
          counted.settle(row);
          if (!row.live) throw new AppError('unauthorized');
        },
      },
    });
  });
}
