import type { Call, CallAnswer } from '@minecloud/contract/calls';
import { type Envelope, envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { SECURITY } from './openapi.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration the route was registered from (lib/declared-route.ts). */
    declared?: Call;
  }
}

/** A declared call's request, its body and query typed by the declaration's schemas. */
export type DeclaredRequest<C extends Call> = FastifyRequest & {
  body: C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
  query: C['query'] extends z.ZodType ? z.infer<C['query']> : undefined;
  params: C['params'] extends z.ZodType ? z.infer<C['params']> : undefined;
};

/** What a route adds to its declaration: rate limits and the like, never its method, path or schemas. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'errorHandler' | 'onRequest' | 'bodyLimit'> & {
  /**
   * A member's call whose handler checks the session in its own statement (`liveSession`,
   * modules/auth/tokens.ts): its guard checks only the token's signature (`requireSignedToken`),
   * so that the call costs one round trip to the database, not two.
   */
  sessionInStatement?: true;
};

/** The routes registered from declarations, per server, as `METHOD /path` (`declaredRoutesOf`). */
const registered = new WeakMap<object, Set<string>>();

/** Every route of `app`'s server that was registered from a declaration, as `METHOD /path`. */
export function declaredRoutesOf(app: FastifyInstance): Set<string> {
  return registered.get(app.server) ?? new Set();
}

/**
 * The Fastify options of a declared call: its schemas (validated and serialised by zod, the
 * answer in the envelope), its tag and security for the OpenAPI document, the guard its `auth`
 * names, and the declaration itself in its config. The route is counted as declared
 * (`declaredRoutesOf`).
 */
export function declaredOptions(
  app: FastifyInstance,
  declared: Call,
  guard: FastifyInstance['requireMember'] | undefined,
  { sessionInStatement: _, ...extras }: RouteExtras = {},
) {
  // The console's door (modules/auth/operators.ts) reads who may pass from the route's `access`.
  const access =
    declared.auth === 'public'
      ? 'public'
      : declared.auth === 'operator'
        ? declared.operators === 'setup'
          ? 'setup'
          : { roles: declared.operators ?? [] }
        : undefined;
  const routes = registered.get(app.server) ?? new Set<string>();
  registered.set(app.server, routes);
  routes.add(`${declared.method} ${app.prefix}/${declared.path}`);
  return {
    ...extras,
    ...(guard ? { preHandler: guard } : {}),
    config: { ...extras.config, declared, ...(access ? { access } : {}) },
    schema: {
      tags: [declared.tag],
      security: SECURITY[declared.auth],
      ...(declared.body ? { body: declared.body } : {}),
      ...(declared.query ? { querystring: declared.query } : {}),
      ...(declared.params ? { params: declared.params } : {}),
      ...(declared.consumes ? { consumes: [declared.consumes] } : {}),
      // An answer of another type (a CSV, the event stream, an image) is written by its route.
      ...(declared.produces ? {} : { response: { 200: envelopeSchema(declared.answer) } }),
    },
  } satisfies RouteShorthandOptions;
}

/**
 * Registers a call that moves no money, from its declaration in the contract: the method, path,
 * schemas and guard are the declaration's; the route gives only its handler (and, in `extras`,
 * what the declaration does not say, such as a rate limit). An operator's call is guarded by the
 * console's door on its routes (its roles from the declaration). A member's money call goes
 * through money/money-route.ts and is refused here; an operator's needs its Idempotency-Key in
 * `extras.config`.
 */
export function declaredRoute<C extends Call>(
  app: FastifyInstance,
  declared: C,
  // The envelope of the declared answer; or the reply, for a handler that sends the answer itself:
  // the profile's JSON text, written by PostgreSQL, or an answer the call `produces` (a CSV, ...).
  handler: (request: DeclaredRequest<C>, reply: FastifyReply) => Promise<Envelope<CallAnswer<C>> | FastifyReply>,
  extras?: RouteExtras,
) {
  if (declared.money && declared.auth === 'member') {
    throw new Error(`${declared.path} moves money: register it with moneyRoute`);
  }
  // An operator's money call (a ledger adjustment) is made once per key (money/idempotency.ts).
  if (declared.money && !extras?.config?.idempotencyKey) {
    throw new Error(`${declared.path} moves money: it needs its Idempotency-Key in the route's config`);
  }
  if (extras?.sessionInStatement && declared.auth !== 'member') {
    throw new Error(`${declared.path}: only a member's call checks the session in its statement`);
  }
  const memberGuard = extras?.sessionInStatement ? app.requireSignedToken : app.requireMember;
  const guard = declared.auth === 'member' ? memberGuard : undefined;
  app.route({
    method: declared.method,
    url: `/${declared.path}`,
    ...declaredOptions(app, declared, guard, extras),
    handler: (request, reply) => handler(request as DeclaredRequest<C>, reply),
  });
}
