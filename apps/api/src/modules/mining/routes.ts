import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import {
  blackHoleAnswerSchema,
  dailyOutputAnswerSchema,
  dailyOutputQuerySchema,
  MINER_CALLS,
  minerBannersAnswerSchema,
  minerProductPageSchema,
  myMinerPageSchema,
  myMinersBodySchema,
  poolPowerAnswerSchema,
  powerBodySchema,
  powerPageSchema,
} from '@minecloud/contract/miner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import { activeBanners } from '../content/banners.ts';
import { buyMiners } from './buy.ts';
import { blackHole, dailyOutput, myMiners, poolPower, powerRecords, productList } from './service.ts';

export const miningRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const tags = ['mining'];

  app.post(
    `/${API.minerProducts}`,
    { schema: { tags, body: pageQuerySchema.optional(), response: { 200: envelopeSchema(minerProductPageSchema) } } },
    async (request) => ok(await productList(app.db, pageQuerySchema.parse(request.body ?? {}))),
  );

  app.post(
    `/${API.minerBanners}`,
    { schema: { tags, response: { 200: envelopeSchema(minerBannersAnswerSchema) } } },
    async (request, reply) => {
      varyByLanguage(reply);
      return ok({ list: await activeBanners(app.db, 'miners', requestLocale(request)) });
    },
  );

  moneyRoute(app, {
    call: MINER_CALLS.minerBuy,
    perMinute: options.moneyCallsPerMinute,
    work: (tx, userId, body, legKey) => buyMiners(tx, userId, body, legKey, app.clock.now()),
  });

  app.post(
    `/${API.myMiners}`,
    {
      ...member,
      schema: {
        tags,
        security,
        body: myMinersBodySchema.optional(),
        response: { 200: envelopeSchema(myMinerPageSchema) },
      },
    },
    async (request) =>
      ok(
        await myMiners(app.db, memberOf(request).userId, myMinersBodySchema.parse(request.body ?? {}), app.clock.now()),
      ),
  );

  app.post(
    `/${API.powerRecords}`,
    {
      ...member,
      schema: { tags, security, body: powerBodySchema.optional(), response: { 200: envelopeSchema(powerPageSchema) } },
    },
    async (request) =>
      ok(
        await powerRecords(
          app.db,
          memberOf(request).userId,
          powerBodySchema.parse(request.body ?? {}),
          app.clock.now(),
        ),
      ),
  );

  app.get(
    `/${API.poolPower}`,
    { schema: { tags, response: { 200: envelopeSchema(poolPowerAnswerSchema) } } },
    async () => ok(await poolPower(app.db, app.clock.now())),
  );

  app.post(
    `/${API.blackHole}`,
    { schema: { tags, response: { 200: envelopeSchema(blackHoleAnswerSchema) } } },
    async () => ok(await blackHole(app.db, app.clock.now())),
  );

  app.get(
    `/${API.dailyOutput}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: dailyOutputQuerySchema,
        response: { 200: envelopeSchema(dailyOutputAnswerSchema) },
      },
    },
    async (request) => ok(await dailyOutput(app.db, memberOf(request).userId, request.query.days, app.clock.now())),
  );
};
