import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../lib/audit.ts';
import { declaredRoute } from '../lib/declared-route.ts';
import { ok } from '../lib/envelope.ts';
import { fail } from '../lib/errors.ts';
import { operatorActor, operatorOf } from '../modules/auth/operators.ts';
import { getSetting } from '../modules/config/settings.ts';
import { JOBS } from './index.ts';
import { runJob } from './runner.ts';
import { jobList, jobRunPage } from './runs.ts';

/** The jobs screen: finance sees each job's runs and runs a period again (`CONSOLE_CALLS`). */
export const jobAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(app, CONSOLE_CALLS.jobs, async () => ok(await jobList(app.db, app.clock.now())));
  declaredRoute(app, CONSOLE_CALLS.jobRuns, async (request) => ok(await jobRunPage(app.db, request.query)));
  declaredRoute(app, CONSOLE_CALLS.jobRun, async (request) => {
    const operator = operatorOf(request);
    const job = JOBS[request.body.job];
    const now = app.clock.now();
    const period = request.body.period ?? job.periodAt(now, await getSetting(app.db, 'settlement.timeZone'));
    if (!job.isPeriod(period)) return fail('badRequest', 'period');
    const outcome = await runJob(app.db, job, period, {
      now,
      trigger: operatorActor(operator.username),
      network: app.network,
    });
    await audit(app.db, {
      actor: operatorActor(operator.username),
      action: 'jobs.run',
      target: `${job.name}:${period}`,
      after: outcome,
    });
    return ok({ period, ...outcome });
  });
};
