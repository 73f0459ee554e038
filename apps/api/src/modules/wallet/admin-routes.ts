import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  adminWithdrawalPageQuerySchema,
  adminWithdrawalPageSchema,
  operatorMemberBodySchema,
  PAYOUT_REPLACED_PATH,
  payoutReplacedBodySchema,
  reviewAnswerSchema,
  reviewBodySchema,
} from '@minecloud/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { payoutReplaced } from './payout-hold.ts';
import { approveWithdrawal, linkOperatorMember, operatorWithdrawals, rejectWithdrawal } from './review.ts';

/** Withdrawal review (`/admin-api/withdrawals/*`); each decision is audited in its transaction. */
export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { config: { access: { roles: ['finance'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/withdrawals/page',
    {
      ...guard,
      schema: {
        tags,
        security,
        querystring: adminWithdrawalPageQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalPageSchema) },
      },
    },
    async (request) => ok(await operatorWithdrawals(app.db, app.chain, request.query)),
  );
  app.post(
    '/withdrawals/approve',
    {
      ...guard,
      schema: { tags, security, body: reviewBodySchema, response: { 200: envelopeSchema(reviewAnswerSchema) } },
    },
    async (request) => ok(await approveWithdrawal(app.db, operatorOf(request), Number(request.body.id))),
  );
  app.post(
    '/withdrawals/reject',
    {
      ...guard,
      schema: { tags, security, body: reviewBodySchema, response: { 200: envelopeSchema(reviewAnswerSchema) } },
    },
    async (request) =>
      ok(await rejectWithdrawal(app.db, operatorOf(request), Number(request.body.id), request.body.reason)),
  );
  app.post(
    `/${PAYOUT_REPLACED_PATH}`,
    {
      ...guard,
      schema: {
        tags,
        security,
        body: payoutReplacedBodySchema,
        response: { 200: envelopeSchema(reviewAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await payoutReplaced(
          app.db,
          app.chain,
          operatorOf(request),
          Number(request.body.id),
          request.body.replacedBy as `0x${string}`,
        ),
      ),
  );
  app.post(
    '/operators/members',
    {
      // The owner's alone.
      schema: { tags, security, body: operatorMemberBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await linkOperatorMember(app.db, operatorOf(request), request.body.operator, Number(request.body.userId));
      return ok(null);
    },
  );
};
