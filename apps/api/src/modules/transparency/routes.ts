import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { solvencyAnswerSchema, solvencyQuerySchema } from '@minecloud/contract/solvency';
import {
  liabilitiesAnswerSchema,
  liabilitiesQuerySchema,
  liabilityProofAnswerSchema,
  liabilityProofQuerySchema,
  parametersAnswerSchema,
  roundCandlesAnswerSchema,
  roundCandlesQuerySchema,
  transparencyTotalsSchema,
} from '@minecloud/contract/transparency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { memberOf } from '../auth/guard.ts';
import { roundCandles } from '../market/service.ts';
import { memberProof, publishedRoots } from './liabilities.ts';
import { publicParameters, transparencyTotals } from './public.ts';
import { solvencyAnswer } from './solvency.ts';

/** Transparency (docs/economy.md, "Transparency"): public but for the member's own proof. */
export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['transparency'];

  app.get(
    `/${API.liabilities}`,
    {
      schema: { tags, querystring: liabilitiesQuerySchema, response: { 200: envelopeSchema(liabilitiesAnswerSchema) } },
    },
    async (request) => ok({ list: await publishedRoots(app.db, request.query.days) }),
  );

  app.get(
    `/${API.liabilityProof}`,
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        querystring: liabilityProofQuerySchema,
        response: { 200: envelopeSchema(liabilityProofAnswerSchema) },
      },
    },
    async (request) => ok(await memberProof(app.db, memberOf(request).userId, request.query.asset, request.query.day)),
  );

  app.get(
    `/${API.roundCandles}`,
    {
      schema: {
        tags,
        querystring: roundCandlesQuerySchema,
        response: { 200: envelopeSchema(roundCandlesAnswerSchema) },
      },
    },
    async (request) => ok(await roundCandles(app.db, request.query)),
  );

  app.get(
    `/${API.parameters}`,
    { schema: { tags, response: { 200: envelopeSchema(parametersAnswerSchema) } } },
    async () => ok(await publicParameters(app.db, app.clock.now())),
  );

  app.get(
    `/${API.transparencyTotals}`,
    { schema: { tags, response: { 200: envelopeSchema(transparencyTotalsSchema) } } },
    async () => ok(await transparencyTotals(app.db, app.clock.now())),
  );

  app.get(
    `/${API.solvency}`,
    {
      schema: { tags, querystring: solvencyQuerySchema, response: { 200: envelopeSchema(solvencyAnswerSchema) } },
    },
    async (request) =>
      ok(
        await solvencyAnswer(app.db, request.query.days, {
          id: app.config.chain.id,
          publicRpcUrl: app.config.chain.publicRpcUrl ?? null,
        }),
      ),
  );
};
