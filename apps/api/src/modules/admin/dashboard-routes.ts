import { ADMIN_API, dashboardQuerySchema, dashboardSchema } from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { ANY_ROLE } from '../auth/operators.ts';
import { dashboard } from './dashboard.ts';

/** The console's first screen, for every operator. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${ADMIN_API.dashboard}`,
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (req) => ok(await dashboard(app.db, app.clock.now(), req.query.days)),
  );
};
