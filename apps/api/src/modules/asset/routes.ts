import { ASSET_CALLS } from '@minecloud/contract/asset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import {
  balanceList,
  claimEarnings,
  donate,
  donationList,
  earningsOf,
  findReceiver,
  giftPlan,
  recordsOf,
  topUpGold,
} from './service.ts';

/** The member's assets, every call as the contract declares it (`ASSET_CALLS`). */
export const assetRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const calls = ASSET_CALLS;
  declaredRoute(app, calls.balances, async (request) =>
    ok({ list: await balanceList(app.db, memberOf(request).userId, request.query.asset) }),
  );
  declaredRoute(app, calls.earnings, async (request) => ok(await earningsOf(app.db, memberOf(request).userId)));
  for (const [declared, asset] of [
    [calls.usdtRecords, 'USDT'],
    [calls.btcRecords, 'BTC'],
    [calls.goldRecords, 'GOLD'],
  ] as const) {
    declaredRoute(app, declared, async (request) =>
      ok(await recordsOf(app.db, memberOf(request).userId, asset, request.query)),
    );
  }

  const perMinute = options.moneyCallsPerMinute;
  for (const [declared, asset] of [
    [calls.usdtClaim, 'USDT'],
    [calls.btcClaim, 'BTC'],
  ] as const) {
    moneyRoute(app, {
      call: declared,
      perMinute,
      work: (tx, userId, body, legKey) => claimEarnings(tx, userId, asset, body.amount, legKey),
    });
  }

  declaredRoute(app, calls.giftReceiver, async (request) =>
    ok(await findReceiver(app.db, Number(request.query.userId))),
  );
  moneyRoute(app, {
    call: calls.gift,
    perMinute,
    transfer: (userId, body, legKey) => giftPlan(app.db, userId, body, legKey),
  });
  moneyRoute(app, {
    call: calls.topup,
    perMinute,
    work: (tx, userId, body, legKey) => topUpGold(tx, userId, body.amountUsdt, legKey),
  });
  moneyRoute(app, {
    call: calls.donate,
    perMinute,
    work: (tx, userId, body, legKey) => donate(tx, userId, body, legKey),
  });
  declaredRoute(app, calls.donations, async (request) => ok(await donationList(app.db, request.query)));
};
