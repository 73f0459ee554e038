import { API } from '@minecloud/contract/api-paths';
import {
  balancesAnswerSchema,
  balancesQuerySchema,
  claimAnswerSchema,
  claimBodySchema,
  donateAnswerSchema,
  donateBodySchema,
  donationPageSchema,
  earningsAnswerSchema,
  giftAnswerSchema,
  giftBodySchema,
  receiverAnswerSchema,
  receiverQuerySchema,
  recordPageSchema,
  recordQuerySchema,
  topupAnswerSchema,
  topupBodySchema,
} from '@minecloud/contract/asset';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export const assetRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];

  app.get(
    `/${API.balances}`,
    {
      ...member,
      schema: {
        tags: ['asset'],
        security,
        querystring: balancesQuerySchema,
        response: { 200: envelopeSchema(balancesAnswerSchema) },
      },
    },
    async (request) => ok({ list: await balanceList(app.db, memberOf(request).userId, request.query.asset) }),
  );

  app.get(
    `/${API.earnings}`,
    { ...member, schema: { tags: ['asset'], security, response: { 200: envelopeSchema(earningsAnswerSchema) } } },
    async (request) => ok(await earningsOf(app.db, memberOf(request).userId)),
  );

  for (const [path, asset] of [
    [API.usdtRecords, 'USDT'],
    [API.btcRecords, 'BTC'],
    [API.goldRecords, 'GOLD'],
  ] as const) {
    app.get(
      `/${path}`,
      {
        ...member,
        schema: {
          tags: ['asset'],
          security,
          querystring: recordQuerySchema,
          response: { 200: envelopeSchema(recordPageSchema) },
        },
      },
      async (request) => ok(await recordsOf(app.db, memberOf(request).userId, asset, request.query)),
    );
  }

  const perMinute = options.moneyCallsPerMinute;
  for (const [path, asset] of [
    [API.usdtClaim, 'USDT'],
    [API.btcClaim, 'BTC'],
  ] as const) {
    moneyRoute(app, {
      path,
      tag: 'asset',
      body: claimBodySchema,
      answer: claimAnswerSchema,
      perMinute,
      work: (tx, userId, body, legKey) => claimEarnings(tx, userId, asset, body.amount, legKey),
    });
  }

  app.get(
    `/${API.giftReceiver}`,
    {
      ...member,
      schema: {
        tags: ['asset'],
        security,
        querystring: receiverQuerySchema,
        response: { 200: envelopeSchema(receiverAnswerSchema) },
      },
    },
    async (request) => ok(await findReceiver(app.db, Number(request.query.userId))),
  );

  moneyRoute(app, {
    path: API.gift,
    tag: 'asset',
    body: giftBodySchema,
    answer: giftAnswerSchema,
    perMinute,
    transfer: (userId, body, legKey) => giftPlan(app.db, userId, body, legKey),
  });
  moneyRoute(app, {
    path: API.topup,
    tag: 'asset',
    body: topupBodySchema,
    answer: topupAnswerSchema,
    perMinute,
    work: (tx, userId, body, legKey) => topUpGold(tx, userId, body.amountUsdt, legKey),
  });
  moneyRoute(app, {
    path: API.donate,
    tag: 'asset',
    body: donateBodySchema,
    answer: donateAnswerSchema,
    perMinute,
    work: (tx, userId, body, legKey) => donate(tx, userId, body, legKey),
  });

  app.get(
    `/${API.donations}`,
    {
      schema: { tags: ['asset'], querystring: pageQuerySchema, response: { 200: envelopeSchema(donationPageSchema) } },
    },
    async (request) => ok(await donationList(app.db, request.query)),
  );
};
