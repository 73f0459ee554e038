import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf, operatorOf } from '../auth/operators.ts';
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
  // Rate limited as the password sign-in.
  const signIn = { config: { rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } } };

  declaredRoute(app, CONSOLE_CALLS.passkeySignInOptions, async () => ok(await signInOptions(app.db, rp)), signIn);

  declaredRoute(
    app,
    CONSOLE_CALLS.passkeySignIn,
    // Real time, not the app clock, as for the password sign-in.
    async (request) => ok(await signInWithPasskey(app.db, rp, app.operatorAuth, request.body, new Date())),
    signIn,
  );

  declaredRoute(app, CONSOLE_CALLS.passkeyList, async (request) =>
    ok(await listPasskeys(app.db, operatorOf(request).id)),
  );

  declaredRoute(app, CONSOLE_CALLS.passkeyOptions, async (request) =>
    ok(await registrationOptions(app.db, rp, operatorOf(request))),
  );

  declaredRoute(app, CONSOLE_CALLS.passkeyEnrol, async (request) =>
    ok(await enrolPasskey(app.db, rp, operatorOf(request), request.body)),
  );

  declaredRoute(app, CONSOLE_CALLS.passkey, async (request) =>
    ok(await removePasskey(app.db, operatorOf(request), Number(request.params.id))),
  );

  declaredRoute(app, CONSOLE_CALLS.operatorPasskeys, async (request) =>
    ok(await clearPasskeys(app.db, operatorOf(request), Number(request.params.id))),
  );

  declaredRoute(app, CONSOLE_CALLS.passkeyPolicyGet, async () => ok({ roles: await passkeyRoles(app.db) }));

  declaredRoute(app, CONSOLE_CALLS.passkeyPolicySet, async (request) =>
    ok(await setPasskeyRoles(app.db, request.body.roles, actorOf(request))),
  );
};
