import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorActor, operatorOf } from '../auth/operators.ts';
import { roundPage } from './rounds.ts';
import { openNewRound } from './service.ts';

/** Equity rounds: finance lists them and opens a new one (which closes the open one). */
export const equityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(app, CONSOLE_CALLS.equityRounds, async (request) => ok(await roundPage(app.db, request.query)));
  declaredRoute(app, CONSOLE_CALLS.equityOpen, async (request) => {
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
  });
};
