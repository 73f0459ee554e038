import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { changePassword, enableTotp, startTotpSetup } from './accounts.ts';

/** The operator's own set-up, open before it is done: a new password, then TOTP. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  // The new password's length is checked by changePassword, so that a short one gets its own message.
  declaredRoute(app, CONSOLE_CALLS.password, async (request) =>
    ok(await changePassword(app.db, operatorOf(request), request.body)),
  );
  declaredRoute(app, CONSOLE_CALLS.totpSetup, async (request) =>
    ok(await startTotpSetup(app.db, app.totpKeys, operatorOf(request).id)),
  );
  declaredRoute(
    app,
    CONSOLE_CALLS.totpEnable,
    // Real time, not the app clock, as for sign-in.
    async (request) => ok(await enableTotp(app.db, app.totpKeys, operatorOf(request), request.body.code, new Date())),
  );
};
