import {
  ADMIN_API,
  operatorEmailCodeBodySchema,
  operatorEmailConfirmBodySchema,
  operatorEmailSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { requestLocale } from '../../lib/locale.ts';
import { ANY_ROLE, operatorOf } from '../auth/operators.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmOperatorEmail, operatorEmail, removeOperatorEmail, sendOperatorEmailCode } from './operator-email.ts';

/**
 * The operator's own address for security notices (operator-email.ts; docs/operations.md,
 * "Settings that guard money"), for every role: the mails and the code go in the console's language.
 */
export const operatorEmailRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, options) => {
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    response: { 200: envelopeSchema(operatorEmailSchema) },
  };
  const config = { access: ANY_ROLE } as const;
  const now = () => app.clock.now();

  app.get(`/${ADMIN_API.operatorEmail}`, { config, schema }, async (request) =>
    ok(await operatorEmail(app.db, operatorOf(request).id, now())),
  );
  app.post(
    `/${ADMIN_API.operatorEmailCode}`,
    { config, schema: { ...schema, body: operatorEmailCodeBodySchema } },
    async (request) => {
      const asking = { operator: operatorOf(request), email: request.body.email, locale: requestLocale(request) };
      return ok(await sendOperatorEmailCode(app.db, options.mailer, asking, now()));
    },
  );
  app.post(
    `/${ADMIN_API.operatorEmail}`,
    { config, schema: { ...schema, body: operatorEmailConfirmBodySchema } },
    async (request) => {
      const answer = { operator: operatorOf(request), ...request.body, locale: requestLocale(request) };
      return ok(await confirmOperatorEmail(app.db, answer, now()));
    },
  );
  app.delete(`/${ADMIN_API.operatorEmail}`, { config, schema }, async (request) =>
    ok(await removeOperatorEmail(app.db, operatorOf(request), now())),
  );
};
