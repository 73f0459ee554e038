import {
  adjustAnswerSchema,
  adjustBodySchema,
  ledgerCheckAnswerSchema,
  operatorLoginAnswerSchema,
  operatorLoginBodySchema,
} from '@minecloud/contract/admin';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLedger } from '../../ledger/check.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, oncePerKey } from '../../lib/idempotency.ts';
import { adjustBalance } from './ledger-service.ts';
import { createOperatorAuth, operatorOf } from './operators.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ key: Uint8Array; loginsPerMinute: number }> = async (
  app,
  options,
) => {
  const auth = createOperatorAuth(app.db, options.key);
  const security = [{ bearer: [] }];
  const operatorOnly = { preHandler: auth.guard };

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['admin'],
        body: operatorLoginBodySchema,
        response: { 200: envelopeSchema(operatorLoginAnswerSchema) },
      },
    },
    async (request) => ok(await auth.login(request.body.username, request.body.password)),
  );

  app.post(
    '/ledger/adjust',
    {
      ...operatorOnly,
      schema: {
        tags: ['admin'],
        security,
        body: adjustBodySchema,
        response: { 200: envelopeSchema(adjustAnswerSchema) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const key = idempotencyKeyOf(request);
      // Operator keys live beside member keys; a negative id keeps the two apart.
      const scope = { userId: -operator.id, key, route: 'admin:ledger/adjust', body: request.body };
      return ok(
        await oncePerKey(app.db, scope, (tx, legKey) =>
          adjustBalance(tx, app.db, `operator:${operator.username}`, request.body, legKey),
        ),
      );
    },
  );

  app.get(
    '/ledger/check',
    {
      ...operatorOnly,
      schema: { tags: ['admin'], security, response: { 200: envelopeSchema(ledgerCheckAnswerSchema) } },
    },
    async () => ok(await checkLedger(app.db)),
  );
};
