import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { operatorMe } from './accounts.ts';

/** Signing in and out, and who is signed in (with the set-up step left, if any). */
export const signInRoutes: FastifyPluginAsyncZod<{ loginsPerMinute: number }> = async (app, options) => {
  const auth = app.operatorAuth;
  declaredRoute(
    app,
    CONSOLE_CALLS.login,
    // Real time, not the app clock: codes, locks and sessions are about the world's time.
    async (request) => ok(await auth.login(request.body, new Date())),
    { config: { rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } } },
  );
  declaredRoute(app, CONSOLE_CALLS.logout, async (request) => {
    await auth.logout(request);
    return ok(null);
  });
  declaredRoute(app, CONSOLE_CALLS.me, async (request) => ok(await operatorMe(app.db, operatorOf(request).id)));
};
