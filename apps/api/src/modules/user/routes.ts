import { API } from '@minecloud/contract/api-paths';
import { userAnswerSchema } from '@minecloud/contract/auth';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { memberOf } from '../auth/guard.ts';
import { memberProfile } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${API.userGet}`,
    {
      preHandler: app.requireMember,
      schema: { tags: ['user'], security: [{ bearer: [] }], response: { 200: envelopeSchema(userAnswerSchema) } },
    },
    async (request) => ok(await memberProfile(app.db, memberOf(request).userId)),
  );
};
