import { operatorLoginAnswerSchema, operatorLoginBodySchema } from '@minecloud/contract/admin';
import { ADMIN_API, operatorMeSchema } from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { operatorMe } from './accounts.ts';

/** Signing in and out, and who is signed in (with the set-up step left, if any). */
export const signInRoutes: FastifyPluginAsyncZod<{ loginsPerMinute: number }> = async (app, options) => {
  const auth = app.operatorAuth;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.post(
    `/${ADMIN_API.login}`,
    {
      config: { access: 'public', rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: operatorLoginBodySchema, response: { 200: envelopeSchema(operatorLoginAnswerSchema) } },
    },
    // Real time, not the app clock: codes, locks and sessions are about the world's time.
    async (request) => ok(await auth.login(request.body, new Date())),
  );

  app.post(
    `/${ADMIN_API.logout}`,
    { config: { access: 'setup' }, schema: { tags, security, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await auth.logout(request);
      return ok(null);
    },
  );

  app.get(
    `/${ADMIN_API.me}`,
    { config: { access: 'setup' }, schema: { tags, security, response: { 200: envelopeSchema(operatorMeSchema) } } },
    async (request) => ok(await operatorMe(app.db, operatorOf(request).id)),
  );
};
