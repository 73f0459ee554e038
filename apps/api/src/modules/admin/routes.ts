import {
  adjustAnswerSchema,
  adjustBodySchema,
  ledgerCheckAnswerSchema,
  openRoundAnswerSchema,
  openRoundBodySchema,
  runJobAnswerSchema,
  runJobBodySchema,
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
import { JOBS } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { idempotencyKeyOf, oncePerKey } from '../../money/idempotency.ts';
import { operatorOf } from '../auth/operators.ts';
import { getSetting } from '../config/settings.ts';
import { openNewRound } from '../equity/service.ts';
import {
  adjustmentLimits,
  adjustmentPage,
  approveAdjustment,
  rejectAdjustment,
  requestAdjustment,
} from './adjustments.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const finance = { config: { access: { roles: ['finance'] } } } as const;

  app.post(
    '/ledger/adjust',
    {
      ...finance,
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
        await oncePerKey(app.db, scope, (tx, legKey) => requestAdjustment(tx, operator, request.body, legKey, now)),
      );
    },
  );

  // ---- Credits waiting for a second operator (issue 23): finance lists, approves, rejects.
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
    '/ledger/check',
    {
      ...finance,
      schema: { tags: ['admin'], security, response: { 200: envelopeSchema(ledgerCheckAnswerSchema) } },
    },
    async () => ok(await checkLedger(app.db)),
  );

  app.post(
    '/jobs/run',
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        body: runJobBodySchema,
        response: { 200: envelopeSchema(runJobAnswerSchema) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const job = JOBS[request.body.job];
      const now = app.clock.now();
      const period = request.body.period ?? job.periodAt(now, await getSetting(app.db, 'settlement.timeZone'));
      if (!job.isPeriod(period)) return fail('badRequest', 'period');
      const outcome = await runJob(app.db, job, period, { now, trigger: `operator:${operator.username}` });
      await audit(app.db, {
        actor: `operator:${operator.username}`,
        action: 'jobs.run',
        target: `${job.name}:${period}`,
        after: outcome,
      });
      return ok({ period, ...outcome });
    },
  );

  app.post(
    '/equity/round',
    {
      ...finance,
      schema: {
        tags: ['admin'],
        security,
        body: openRoundBodySchema,
        response: { 200: envelopeSchema(openRoundAnswerSchema) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const answer = await app.db.transaction(async (tx) => {
        const opened = await openNewRound(tx, request.body);
        await audit(tx, {
          actor: `operator:${operator.username}`,
          action: 'equity.round.open',
          target: `equity_round:${opened.roundId}`,
          after: request.body,
        });
        return opened;
      });
      return ok(answer);
    },
  );
};
