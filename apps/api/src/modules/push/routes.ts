import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { pushKeySchema, pushSubscribeBodySchema, pushUnsubscribeBodySchema } from '@minecloud/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { memberOf } from '../auth/guard.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';

/**
 * Web Push: the server's public key, and a member's browsers that receive pushes. Without a VAPID
 * pair push is off: the key is null and subscribing is refused, so the app hides the opt-in.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ production: boolean }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const done = { 200: envelopeSchema(z.null()) };

  app.get(`/${API.pushKey}`, { schema: { tags, response: { 200: envelopeSchema(pushKeySchema) } } }, async () =>
    ok({ publicKey: app.push.vapid?.publicKey ?? null }),
  );
  app.post(
    `/${API.pushSubscribe}`,
    { ...member, schema: { tags, security, body: pushSubscribeBodySchema, response: done } },
    async (request) => {
      if (!app.push.vapid) fail('pushUnavailable');
      await subscribe(app.db, memberOf(request).userId, request.body, options.production);
      return ok(null);
    },
  );
  app.post(
    `/${API.pushUnsubscribe}`,
    { ...member, schema: { tags, security, body: pushUnsubscribeBodySchema, response: done } },
    async (request) => {
      await unsubscribe(app.db, memberOf(request).userId, request.body.endpoint);
      return ok(null);
    },
  );
};
