import { operatorLoginAnswerSchema } from '@minecloud/contract/admin';
import {
  ADMIN_API,
  CONSOLE_CALLS,
  idParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { ANY_ROLE, actorOf, operatorOf } from '../auth/operators.ts';
import { passkeyRoles } from '../auth/passkey-policy.ts';
import {
  enrolPasskey,
  listPasskeys,
  type RelyingParty,
  registrationOptions,
  removePasskey,
  setPasskeyRoles,
  signInOptions,
  signInWithPasskey,
} from '../auth/passkeys.ts';
import { clearPasskeys } from './accounts.ts';

/**
 * Passkeys (docs/operations.md, "Passkeys"): signing in with one (public, rate limited as the
 * password sign-in), the operator's own (open in set-up, to enrol one a role requires), and the
 * owner's recovery of another operator's and the roles that require them (the owner's alone).
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ loginsPerMinute: number; rp: RelyingParty }> = async (
  app,
  options,
) => {
  const { rp } = options;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const signIn = { access: 'public', rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } } as const;
  const setup = { access: 'setup' } as const;

  app.post(
    `/${ADMIN_API.passkeySignInOptions}`,
    { config: signIn, schema: { tags, response: { 200: envelopeSchema(passkeyOptionsSchema) } } },
    async () => ok(await signInOptions(app.db, rp)),
  );

  app.post(
    `/${ADMIN_API.passkeySignIn}`,
    {
      config: signIn,
      schema: { tags, body: passkeySignInBodySchema, response: { 200: envelopeSchema(operatorLoginAnswerSchema) } },
    },
    // Real time, not the app clock, as for the password sign-in.
    async (request) => ok(await signInWithPasskey(app.db, rp, app.operatorAuth, request.body, new Date())),
  );

  app.get(
    `/${ADMIN_API.passkeys}`,
    { config: setup, schema: { tags, security, response: { 200: envelopeSchema(passkeyListSchema) } } },
    async (request) => ok(await listPasskeys(app.db, operatorOf(request).id)),
  );

  app.post(
    `/${ADMIN_API.passkeyOptions}`,
    { config: setup, schema: { tags, security, response: { 200: envelopeSchema(passkeyOptionsSchema) } } },
    async (request) => ok(await registrationOptions(app.db, rp, operatorOf(request))),
  );

  app.post(
    `/${ADMIN_API.passkeys}`,
    {
      config: setup,
      schema: { tags, security, body: passkeyRegisterBodySchema, response: { 200: envelopeSchema(passkeyListSchema) } },
    },
    async (request) => ok(await enrolPasskey(app.db, rp, operatorOf(request), request.body)),
  );

  app.delete(
    `/${ADMIN_API.passkey}`,
    {
      config: { access: ANY_ROLE },
      schema: { tags, security, params: idParamsSchema, response: { 200: envelopeSchema(passkeyListSchema) } },
    },
    async (request) => ok(await removePasskey(app.db, operatorOf(request), Number(request.params.id))),
  );

  declaredRoute(app, CONSOLE_CALLS.operatorPasskeys, async (request) =>
    ok(await clearPasskeys(app.db, operatorOf(request), Number(request.params.id))),
  );

  declaredRoute(app, CONSOLE_CALLS.passkeyPolicyGet, async () => ok({ roles: await passkeyRoles(app.db) }));

  declaredRoute(app, CONSOLE_CALLS.passkeyPolicySet, async (request) =>
    ok(await setPasskeyRoles(app.db, request.body.roles, actorOf(request))),
  );
};
