import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { outboxPage } from './mailer.ts';

/** The support role's outbox: where each mail stands. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Codes show in the outbox only while they are never mailed: demo mode without SMTP.
  const showsDemoCodes = app.config.demo && !app.config.smtpUrl;
  declaredRoute(app, CONSOLE_CALLS.outbox, async (request) =>
    ok(await outboxPage(app.db, request.query, showsDemoCodes)),
  );
};
