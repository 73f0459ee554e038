import { PUSH_CALLS } from '@minecloud/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { memberOf } from '../auth/guard.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';

/**
 * Web Push: the server's public key, and a member's browsers that receive pushes; every call as the
 * contract declares it (`PUSH_CALLS`). Without a VAPID pair push is off: the key is null and
 * subscribing is refused, so the app hides the opt-in.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ production: boolean }> = async (app, options) => {
  const calls = PUSH_CALLS;
  declaredRoute(app, calls.pushKey, async () => ok({ publicKey: app.push.vapid?.publicKey ?? null }));
  declaredRoute(app, calls.pushSubscribe, async (request) => {
    if (!app.push.vapid) fail('pushUnavailable');
    await subscribe(app.db, memberOf(request).userId, request.body, options.production);
    return ok(null);
  });
  declaredRoute(app, calls.pushUnsubscribe, async (request) => {
    await unsubscribe(app.db, memberOf(request).userId, request.body.endpoint);
    return ok(null);
  });
};
