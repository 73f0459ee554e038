import {
  openRoundAnswerSchema,
  openRoundBodySchema,
  runJobAnswerSchema,
  runJobBodySchema,
} from '@minecloud/contract/admin';
import { ADMIN_API } from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOBS } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { getSetting } from '../config/settings.ts';
import { openNewRound } from '../equity/service.ts';
import { operatorOf } from './operators.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const finance = { config: { access: { roles: ['finance'] } } } as const;

  app.post(
    `/${ADMIN_API.jobRun}`,
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
    `/${ADMIN_API.equityOpen}`,
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
