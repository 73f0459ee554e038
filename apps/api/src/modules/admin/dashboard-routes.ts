import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { dashboard } from './dashboard.ts';

/** The console's first screen, for every operator. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(app, CONSOLE_CALLS.dashboard, async (request) =>
    ok(await dashboard(app.db, app.clock.now(), request.query.days)),
  );
};
