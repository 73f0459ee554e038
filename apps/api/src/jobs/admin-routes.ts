import { runJobAnswerSchema, runJobBodySchema } from '@minecloud/contract/admin';
import { ADMIN_API, jobListSchema, jobRunPageSchema, jobRunsQuerySchema } from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../lib/audit.ts';
import { ok } from '../lib/envelope.ts';
import { fail } from '../lib/errors.ts';
import { operatorActor, operatorOf } from '../modules/auth/operators.ts';
import { getSetting } from '../modules/config/settings.ts';
import { JOBS } from './index.ts';
import { runJob } from './runner.ts';
import { jobList, jobRunPage } from './runs.ts';

/** The jobs screen: finance sees each job's runs and runs a period again. */
export const jobAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = { config: { access: { roles: ['finance'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    `/${ADMIN_API.jobs}`,
    { ...finance, schema: { tags, security, response: { 200: envelopeSchema(jobListSchema) } } },
    async () => ok(await jobList(app.db, app.clock.now())),
  );
  app.get(
    `/${ADMIN_API.jobRuns}`,
    {
      ...finance,
      schema: { tags, security, querystring: jobRunsQuerySchema, response: { 200: envelopeSchema(jobRunPageSchema) } },
    },
    async (request) => ok(await jobRunPage(app.db, request.query)),
  );
  app.post(
    `/${ADMIN_API.jobRun}`,
    {
      ...finance,
      schema: { tags, security, body: runJobBodySchema, response: { 200: envelopeSchema(runJobAnswerSchema) } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const job = JOBS[request.body.job];
      const now = app.clock.now();
      const period = request.body.period ?? job.periodAt(now, await getSetting(app.db, 'settlement.timeZone'));
      if (!job.isPeriod(period)) return fail('badRequest', 'period');
      const outcome = await runJob(app.db, job, period, { now, trigger: operatorActor(operator.username) });
      await audit(app.db, {
        actor: operatorActor(operator.username),
        action: 'jobs.run',
        target: `${job.name}:${period}`,
        after: outcome,
      });
      return ok({ period, ...outcome });
    },
  );
};
