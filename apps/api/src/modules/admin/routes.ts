import {
  adjustAnswerSchema,
  adjustBodySchema,
  ledgerCheckAnswerSchema,
  openRoundAnswerSchema,
  openRoundBodySchema,
  operatorLoginAnswerSchema,
  operatorLoginBodySchema,
  runJobAnswerSchema,
  runJobBodySchema,
} from '@minecloud/contract/admin';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema.ts';
import { JOBS } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { checkLedger } from '../../ledger/check.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { idempotencyKeyOf, oncePerKey } from '../../lib/idempotency.ts';
import { getSetting } from '../config/settings.ts';
import { openNewRound } from '../equity/service.ts';
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

  app.post(
    '/jobs/run',
    {
      ...operatorOnly,
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
      await app.db.insert(auditLog).values({
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
      ...operatorOnly,
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
        await tx.insert(auditLog).values({
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
