import { openRoundAnswerSchema, openRoundBodySchema } from '@minecloud/contract/admin';
import { ADMIN_API, equityRoundPageSchema } from '@minecloud/contract/console';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorActor, operatorOf } from '../auth/operators.ts';
import { roundPage } from './rounds.ts';
import { openNewRound } from './service.ts';

/** Equity rounds: finance lists them and opens a new one (which closes the open one). */
export const equityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = { config: { access: { roles: ['finance'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    `/${ADMIN_API.equityRounds}`,
    {
      ...finance,
      schema: {
        tags,
        security,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(equityRoundPageSchema) },
      },
    },
    async (request) => ok(await roundPage(app.db, request.query)),
  );
  app.post(
    `/${ADMIN_API.equityOpen}`,
    {
      ...finance,
      schema: { tags, security, body: openRoundBodySchema, response: { 200: envelopeSchema(openRoundAnswerSchema) } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const answer = await app.db.transaction(async (tx) => {
        const opened = await openNewRound(tx, request.body);
        await audit(tx, {
          actor: operatorActor(operator.username),
          action: 'equity.round.open',
          target: `equity_round:${opened.roundId}`,
          after: request.body,
        });
        return opened;
      });
      return ok(answer);
    },
  );
};
