import {
  adjustAnswerSchema,
  adjustBodySchema,
  ledgerCheckAnswerSchema,
  ledgerCheckQuerySchema,
} from '@minecloud/contract/admin';
import {
  ADMIN_API,
  adjustmentDecisionSchema,
  adjustmentLimitsSchema,
  adjustmentPageSchema,
  adjustmentQuerySchema,
  adjustmentRejectBodySchema,
  idParamsSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLedger, checkLedgerSinceCheckpoint } from '../../ledger/check.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, KEY_PATTERN, oncePerKey } from '../../money/idempotency.ts';
import { operatorOf } from '../auth/operators.ts';
import { adjustmentPage } from './history.ts';
import { adjustmentLimits } from './limits.ts';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from './requests.ts';

/** Finance's calls on the ledger: adjustments, the credits waiting for a second operator, and the check. */
export const adjustmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const finance = { config: { access: { roles: ['finance'] } } } as const;

  app.post(
    `/${ADMIN_API.adjust}`,
    {
      config: { ...finance.config, idempotencyKey: KEY_PATTERN },
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
      const now = app.clock.now();
      return ok(
        await oncePerKey(app.db, scope, {
          work: (tx, legKey) => requestAdjustment(tx, operator, request.body, legKey, now),
        }),
      );
    },
  );

  // ---- Credits waiting for a second operator: finance lists, approves, rejects.
  app.get(
    `/${ADMIN_API.adjustments}`,
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        querystring: adjustmentQuerySchema,
        response: { 200: envelopeSchema(adjustmentPageSchema) },
      },
    },
    async (request) => ok(await adjustmentPage(app.db, request.query)),
  );

  app.get(
    `/${ADMIN_API.adjustmentLimits}`,
    {
      ...finance,
      schema: { tags: ['admin'], security, response: { 200: envelopeSchema(adjustmentLimitsSchema) } },
    },
    async (request) => ok(await adjustmentLimits(app.db, operatorOf(request), app.clock.now())),
  );

  app.post(
    `/${ADMIN_API.adjustmentApprove}`,
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        params: idParamsSchema,
        response: { 200: envelopeSchema(adjustmentDecisionSchema) },
      },
    },
    async (request) =>
      ok(await approveAdjustment(app.db, operatorOf(request), Number(request.params.id), app.clock.now())),
  );

  app.post(
    `/${ADMIN_API.adjustmentReject}`,
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        params: idParamsSchema,
        body: adjustmentRejectBodySchema,
        response: { 200: envelopeSchema(adjustmentDecisionSchema) },
      },
    },
    async (request) =>
      ok(
        await rejectAdjustment(
          app.db,
          operatorOf(request),
          Number(request.params.id),
          request.body.reason,
          app.clock.now(),
        ),
      ),
  );

  app.get(
    `/${ADMIN_API.ledgerCheck}`,
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        querystring: ledgerCheckQuerySchema,
        response: { 200: envelopeSchema(ledgerCheckAnswerSchema) },
      },
    },
    async (request) => ok(request.query.full ? await checkLedger(app.db) : await checkLedgerSinceCheckpoint(app.db)),
  );
};
