import { EQUITY_CALLS } from '@minecloud/contract/equity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import { buyShares, currentRound, dailyYield, orderDetail, orderPage, reinvest } from './service.ts';

/** Equity shares, every call as the contract declares it (`EQUITY_CALLS`). */
export const equityRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const calls = EQUITY_CALLS;
  const perMinute = options.moneyCallsPerMinute;

  declaredRoute(app, calls.equityRound, async () => ok(await currentRound(app.db)));

  moneyRoute(app, {
    call: calls.equityBuy,
    perMinute,
    work: (tx, userId, body, legKey) => buyShares(tx, userId, body, legKey, app.clock.now()),
  });

  moneyRoute(app, {
    call: calls.equityReinvest,
    perMinute,
    work: (tx, userId, body, legKey) => reinvest(tx, userId, body, legKey, app.clock.now()),
  });

  declaredRoute(app, calls.equityOrders, async (request) =>
    ok(await orderPage(app.db, memberOf(request).userId, request.query, app.clock.now())),
  );

  declaredRoute(app, calls.equityDailyYield, async (request) =>
    ok(await dailyYield(app.db, memberOf(request).userId, request.query.days, app.clock.now())),
  );

  declaredRoute(app, calls.equityOrder, async (request) =>
    ok(await orderDetail(app.db, memberOf(request).userId, request.query.id, app.clock.now())),
  );
};
