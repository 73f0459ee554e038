import { TEAM_CALLS } from '@minecloud/contract/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { bearerToken } from '../auth/guard.ts';
import { currentPool, forge, poolHistory } from './service.ts';

/** The prize pool, every call as the contract declares it (`TEAM_CALLS`). */
export const poolRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const calls = TEAM_CALLS;

  // Public: a visitor sees the pool; a signed-in member also sees what they forged and their place.
  declaredRoute(app, calls.poolCurrent, async (request) => {
    const token = bearerToken(request);
    const session = token ? await app.tokens.verify(token) : null;
    return ok(await currentPool(app.db, session?.userId ?? null, app.clock.now()));
  });

  declaredRoute(app, calls.poolHistory, async (request) => ok(await poolHistory(app.db, request.query)));

  moneyRoute(app, {
    call: calls.poolForge,
    perMinute: options.moneyCallsPerMinute,
    work: (tx, userId, body, legKey) => forge(tx, userId, body, legKey, app.clock.now()),
  });
};
