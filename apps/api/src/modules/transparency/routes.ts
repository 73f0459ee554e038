import { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { memberOf } from '../auth/guard.ts';
import { roundCandles } from '../market/service.ts';
import { networkDayAnswer, networkDayList } from '../network/public.ts';
import { memberProof, publishedRoots } from './liabilities.ts';
import { publicParameters, transparencyTotals } from './public.ts';
import { solvencyAnswer } from './solvency.ts';

/**
 * Transparency (docs/economy.md, "Transparency"): public but for the member's own proof; every
 * call as the contract declares it (`TRANSPARENCY_CALLS`).
 */
export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const calls = TRANSPARENCY_CALLS;

  declaredRoute(app, calls.liabilities, async (request) =>
    ok({ list: await publishedRoots(app.db, request.query.days) }),
  );

  declaredRoute(app, calls.liabilityProof, async (request) =>
    ok(await memberProof(app.db, memberOf(request).userId, request.query.asset, request.query.day)),
  );

  declaredRoute(app, calls.roundCandles, async (request) => ok(await roundCandles(app.db, request.query)));

  declaredRoute(app, calls.parameters, async () => ok(await publicParameters(app.db, app.clock.now())));

  declaredRoute(app, calls.transparencyTotals, async () => ok(await transparencyTotals(app.db, app.clock.now())));

  declaredRoute(app, calls.networkDays, async (request) =>
    ok(await networkDayList(app.db, request.query.days, app.clock.now())),
  );

  declaredRoute(app, calls.networkDay, async (request) => ok(await networkDayAnswer(app.db, request.query.day)));

  declaredRoute(app, calls.solvency, async (request) =>
    ok(
      await solvencyAnswer(app.db, request.query.days, {
        id: app.config.chain.id,
        publicRpcUrl: app.config.chain.publicRpcUrl ?? null,
      }),
    ),
  );
};
