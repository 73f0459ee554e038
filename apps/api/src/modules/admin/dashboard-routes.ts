import { ADMIN_API, dashboardSchema } from '@minecloud/contract/console';
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
      schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: envelopeSchema(dashboardSchema) } },
    },
    async () => ok(await dashboard(app.db, app.clock.now())),
  );
};
