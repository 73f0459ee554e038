import { ADMIN_API } from '@minecloud/contract/console';
import { outboxPageSchema } from '@minecloud/contract/content';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { outboxPage } from './mailer.ts';

/** The support role's outbox: where each mail stands. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = { config: { access: { roles: ['support'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  // Codes show in the outbox only while they are never mailed: demo mode without SMTP.
  const showsDemoCodes = app.config.demo && !app.config.smtpUrl;

  app.get(
    `/${ADMIN_API.outbox}`,
    {
      ...support,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: envelopeSchema(outboxPageSchema) } },
    },
    async (request) => ok(await outboxPage(app.db, request.query, showsDemoCodes)),
  );
};
