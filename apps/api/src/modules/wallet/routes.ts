import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import {
  addAddressBodySchema,
  addressBookSchema,
  depositAnswerSchema,
  depositBodySchema,
  depositPageSchema,
  removeAddressBodySchema,
  savedAddressSchema,
  WALLET_CALLS,
  withdrawalPageQuerySchema,
  withdrawalPageSchema,
} from '@minecloud/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { requestLocale } from '../../lib/locale.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { addressBook, removeAddress, saveAddress } from './address-book.ts';
import { memberDeposits, submitDeposit } from './deposits.ts';
import { checkWithdrawal, lockWithdrawal, memberWithdrawals } from './withdrawals.ts';

/** Withdrawals (request, history) and deposits by transaction hash. */
export const walletRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number; mailer: Mailer }> = async (
  app,
  options,
) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const tags = ['wallet'];
  const perMinute = options.moneyCallsPerMinute;

  for (const [declared, asset] of [
    [WALLET_CALLS.usdtWithdraw, 'USDT'],
    [WALLET_CALLS.btcWithdraw, 'BTC'],
  ] as const) {
    moneyRoute(app, {
      call: declared,
      perMinute,
      before: (tx, userId, body) => checkWithdrawal(tx, app.chain, userId, asset, body, app.clock.now()),
      work: (tx, userId, body, legKey) => lockWithdrawal(tx, app.chain, userId, asset, body, legKey, app.clock.now()),
    });
  }

  app.get(
    `/${API.withdrawals}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: withdrawalPageQuerySchema,
        response: { 200: envelopeSchema(withdrawalPageSchema) },
      },
    },
    async (request) => ok(await memberWithdrawals(app.db, app.chain, memberOf(request).userId, request.query)),
  );

  app.get(
    `/${API.addressBook}`,
    { ...member, schema: { tags, security, response: { 200: envelopeSchema(addressBookSchema) } } },
    async (request) => ok(await addressBook(app.db, memberOf(request).userId, app.clock.now())),
  );

  app.post(
    `/${API.addressAdd}`,
    {
      ...member,
      // Each saving spends an email code and sends a mail: limited like money calls.
      config: memberLimit(perMinute).hook,
      schema: { tags, security, body: addAddressBodySchema, response: { 200: envelopeSchema(savedAddressSchema) } },
    },
    async (request) =>
      ok(
        await saveAddress(
          app.db,
          options.mailer,
          app.chain,
          memberOf(request).userId,
          request.body,
          requestLocale(request),
          app.clock.now(),
        ),
      ),
  );

  app.post(
    `/${API.addressRemove}`,
    {
      ...member,
      schema: { tags, security, body: removeAddressBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeAddress(app.db, memberOf(request).userId, request.body.id);
      return ok(null);
    },
  );

  app.post(
    `/${API.depositSubmit}`,
    {
      ...member,
      // Each submission may ask the chain: limited like money calls.
      config: memberLimit(perMinute).hook,
      schema: { tags, security, body: depositBodySchema, response: { 200: envelopeSchema(depositAnswerSchema) } },
    },
    async (request) =>
      ok(await submitDeposit(app.db, app.chain, memberOf(request).userId, request.body.txHash, app.clock.now())),
  );

  app.get(
    `/${API.depositPage}`,
    {
      ...member,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: envelopeSchema(depositPageSchema) } },
    },
    async (request) => ok(await memberDeposits(app.db, memberOf(request).userId, request.query)),
  );
};
