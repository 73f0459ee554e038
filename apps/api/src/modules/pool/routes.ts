import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  poolCurrentAnswerSchema,
  poolHistoryAnswerSchema,
  poolHistoryQuerySchema,
  TEAM_CALLS,
} from '@minecloud/contract/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { bearerToken } from '../auth/guard.ts';
import { currentPool, forge, poolHistory } from './service.ts';

export const poolRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const tags = ['pool'];

  // Public: a visitor sees the pool; a signed-in member also sees what they forged and their place.
  app.get(
    `/${API.poolCurrent}`,
    { schema: { tags, response: { 200: envelopeSchema(poolCurrentAnswerSchema) } } },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await app.tokens.verify(token) : null;
      return ok(await currentPool(app.db, session?.userId ?? null, app.clock.now()));
    },
  );

  app.get(
    `/${API.poolHistory}`,
    {
      schema: { tags, querystring: poolHistoryQuerySchema, response: { 200: envelopeSchema(poolHistoryAnswerSchema) } },
    },
    async (request) => ok(await poolHistory(app.db, request.query)),
  );

  moneyRoute(app, {
    call: TEAM_CALLS.poolForge,
    perMinute: options.moneyCallsPerMinute,
    work: (tx, userId, body, legKey) => forge(tx, userId, body, legKey, app.clock.now()),
  });
};
