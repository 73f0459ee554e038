import { createHash } from 'node:crypto';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, oncePerKey } from '../../lib/idempotency.ts';
import { bearerToken, memberOf } from '../auth/guard.ts';
import {
  balanceList,
  claimEarnings,
  donate,
  donationList,
  earningsOf,
  findReceiver,
  giftTo,
  recordsOf,
  topUpGold,
} from './service.ts';

/** Money calls are limited per member session (the token), not per IP. */
export const perMemberLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      createHash('sha256')
        .update(bearerToken(request) ?? request.ip)
        .digest('base64url'),
  },
});

export const assetRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const money = { ...member, config: perMemberLimit(options.moneyCallsPerMinute) };

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

  for (const [path, asset] of [
    [API.usdtClaim, 'USDT'],
    [API.btcClaim, 'BTC'],
  ] as const) {
    app.post(
      `/${path}`,
      {
        ...money,
        schema: {
          tags: ['asset'],
          security,
          body: claimBodySchema,
          response: { 200: envelopeSchema(claimAnswerSchema) },
        },
      },
      async (request) => {
        const { userId } = memberOf(request);
        const key = idempotencyKeyOf(request);
        const answer = await oncePerKey(app.db, { userId, key, route: path, body: request.body }, (tx, legKey) =>
          claimEarnings(tx, app.db, userId, asset, request.body.amount, legKey),
        );
        return ok(answer);
      },
    );
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

  app.post(
    `/${API.gift}`,
    {
      ...money,
      schema: { tags: ['asset'], security, body: giftBodySchema, response: { 200: envelopeSchema(giftAnswerSchema) } },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const key = idempotencyKeyOf(request);
      return ok(
        await oncePerKey(app.db, { userId, key, route: API.gift, body: request.body }, (tx, legKey) =>
          giftTo(tx, app.db, userId, request.body, legKey),
        ),
      );
    },
  );

  app.post(
    `/${API.topup}`,
    {
      ...money,
      schema: {
        tags: ['asset'],
        security,
        body: topupBodySchema,
        response: { 200: envelopeSchema(topupAnswerSchema) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const key = idempotencyKeyOf(request);
      return ok(
        await oncePerKey(app.db, { userId, key, route: API.topup, body: request.body }, (tx, legKey) =>
          topUpGold(tx, app.db, userId, request.body.amountUsdt, legKey),
        ),
      );
    },
  );

  app.post(
    `/${API.donate}`,
    {
      ...money,
      schema: {
        tags: ['asset'],
        security,
        body: donateBodySchema,
        response: { 200: envelopeSchema(donateAnswerSchema) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const key = idempotencyKeyOf(request);
      return ok(
        await oncePerKey(app.db, { userId, key, route: API.donate, body: request.body }, (tx, legKey) =>
          donate(tx, app.db, userId, request.body, legKey),
        ),
      );
    },
  );

  app.get(
    `/${API.donations}`,
    {
      schema: { tags: ['asset'], querystring: pageQuerySchema, response: { 200: envelopeSchema(donationPageSchema) } },
    },
    async (request) => ok(await donationList(app.db, request.query)),
  );
};
