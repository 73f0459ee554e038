import {
  ADMIN_API,
  operatorMeSchema,
  passwordChangeBodySchema,
  totpCodeBodySchema,
  totpSetupAnswerSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { changePassword, enableTotp, startTotpSetup } from './accounts.ts';

/** The operator's own set-up, open before it is done: a new password, then TOTP. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const setup = { config: { access: 'setup' } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.post(
    `/${ADMIN_API.password}`,
    {
      ...setup,
      schema: {
        tags,
        security,
        // Length is checked by changePassword, so that a short password gets its own message.
        body: passwordChangeBodySchema.extend({ next: z.string().min(1).max(256) }),
        response: { 200: envelopeSchema(operatorMeSchema) },
      },
    },
    async (request) => ok(await changePassword(app.db, operatorOf(request), request.body)),
  );

  app.post(
    `/${ADMIN_API.totpSetup}`,
    { ...setup, schema: { tags, security, response: { 200: envelopeSchema(totpSetupAnswerSchema) } } },
    async (request) => ok(await startTotpSetup(app.db, app.totpKeys, operatorOf(request).id)),
  );

  app.post(
    `/${ADMIN_API.totpEnable}`,
    {
      ...setup,
      schema: { tags, security, body: totpCodeBodySchema, response: { 200: envelopeSchema(operatorMeSchema) } },
    },
    // Real time, not the app clock, as for sign-in.
    async (request) => ok(await enableTotp(app.db, app.totpKeys, operatorOf(request), request.body.code, new Date())),
  );
};
