import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  EQUITY_CALLS,
  equityDailyYieldAnswerSchema,
  equityDailyYieldQuerySchema,
  equityOrderDetailSchema,
  equityOrderPageSchema,
  equityOrderQuerySchema,
  equityOrdersQuerySchema,
  equityRoundAnswerSchema,
} from '@minecloud/contract/equity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import { buyShares, currentRound, dailyYield, orderDetail, orderPage, reinvest } from './service.ts';

export const equityRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const tags = ['equity'];
  const perMinute = options.moneyCallsPerMinute;

  app.get(
    `/${API.equityRound}`,
    { schema: { tags, response: { 200: envelopeSchema(equityRoundAnswerSchema) } } },
    async () => ok(await currentRound(app.db)),
  );

  moneyRoute(app, {
    call: EQUITY_CALLS.equityBuy,
    perMinute,
    work: (tx, userId, body, legKey) => buyShares(tx, userId, body, legKey, app.clock.now()),
  });

  moneyRoute(app, {
    call: EQUITY_CALLS.equityReinvest,
    perMinute,
    work: (tx, userId, body, legKey) => reinvest(tx, userId, body, legKey, app.clock.now()),
  });

  app.get(
    `/${API.equityOrders}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: equityOrdersQuerySchema,
        response: { 200: envelopeSchema(equityOrderPageSchema) },
      },
    },
    async (request) => ok(await orderPage(app.db, memberOf(request).userId, request.query, app.clock.now())),
  );

  app.get(
    `/${API.equityDailyYield}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: equityDailyYieldQuerySchema,
        response: { 200: envelopeSchema(equityDailyYieldAnswerSchema) },
      },
    },
    async (request) => ok(await dailyYield(app.db, memberOf(request).userId, request.query.days, app.clock.now())),
  );

  app.get(
    `/${API.equityOrder}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: equityOrderQuerySchema,
        response: { 200: envelopeSchema(equityOrderDetailSchema) },
      },
    },
    async (request) => ok(await orderDetail(app.db, memberOf(request).userId, request.query.id, app.clock.now())),
  );
};
