import { pageQuerySchema } from '@minecloud/contract/envelope';
import { MINER_CALLS, myMinersBodySchema, powerBodySchema } from '@minecloud/contract/miner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import { activeBanners } from '../content/banners.ts';
import { buyMiners } from './buy.ts';
import { blackHole, dailyOutput, myMiners, poolPower, powerRecords, productList } from './service.ts';

/** The miner shop, the member's miners and hash rate, every call as the contract declares it (`MINER_CALLS`). */
export const miningRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const calls = MINER_CALLS;

  declaredRoute(app, calls.minerProducts, async (request) =>
    ok(await productList(app.db, pageQuerySchema.parse(request.body ?? {}), app.clock.now())),
  );

  declaredRoute(app, calls.minerBanners, async (request, reply) => {
    varyByLanguage(reply);
    return ok({ list: await activeBanners(app.db, 'miners', requestLocale(request)) });
  });

  moneyRoute(app, {
    call: calls.minerBuy,
    perMinute: options.moneyCallsPerMinute,
    work: (tx, userId, body, legKey) => buyMiners(tx, userId, body, legKey, app.clock.now()),
  });

  declaredRoute(app, calls.myMiners, async (request) =>
    ok(await myMiners(app.db, memberOf(request).userId, myMinersBodySchema.parse(request.body ?? {}), app.clock.now())),
  );

  declaredRoute(app, calls.powerRecords, async (request) =>
    ok(
      await powerRecords(app.db, memberOf(request).userId, powerBodySchema.parse(request.body ?? {}), app.clock.now()),
    ),
  );

  declaredRoute(app, calls.poolPower, async () => ok(await poolPower(app.db, app.clock.now())));

  declaredRoute(app, calls.blackHole, async () => ok(await blackHole(app.db, app.clock.now())));

  declaredRoute(app, calls.dailyOutput, async (request) =>
    ok(await dailyOutput(app.db, memberOf(request).userId, request.query.days, app.clock.now())),
  );
};
