import {
  ADMIN_API,
  idParamsSchema,
  operatorCreateBodySchema,
  operatorListSchema,
  operatorPasswordAnswerSchema,
  operatorRowSchema,
  operatorUpdateBodySchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { resetOperatorPassword } from '../auth/operator-accounts.ts';
import { actorOf, operatorOf } from '../auth/operators.ts';
import { allOperators, createOperator, unlockOperator, updateOperator, vouchOperator } from './accounts.ts';

/** Operator accounts: the owner's alone (no `access` declared), but the list and a vouch, finance's too. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const id = (params: { id: string }) => Number(params.id);
  const finance = { config: { access: { roles: ['finance'] } } } as const;

  app.get(
    `/${ADMIN_API.operators}`,
    // Finance reads the list too: it vouches for approvers an owner set up (docs/operations.md).
    { ...finance, schema: { tags, security, response: { 200: envelopeSchema(operatorListSchema) } } },
    async () => ok(await allOperators(app.db)),
  );

  app.post(
    `/${ADMIN_API.operators}`,
    {
      schema: {
        tags,
        security,
        body: operatorCreateBodySchema,
        response: { 200: envelopeSchema(operatorPasswordAnswerSchema) },
      },
    },
    async (request) => ok(await createOperator(app.db, request.body, operatorOf(request))),
  );

  app.put(
    `/${ADMIN_API.operator}`,
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: operatorUpdateBodySchema,
        response: { 200: envelopeSchema(operatorRowSchema) },
      },
    },
    async (request) => ok(await updateOperator(app.db, id(request.params), request.body, operatorOf(request))),
  );

  app.post(
    `/${ADMIN_API.operatorUnlock}`,
    { schema: { tags, security, params: idParamsSchema, response: { 200: envelopeSchema(operatorRowSchema) } } },
    async (request) => ok(await unlockOperator(app.db, id(request.params), actorOf(request))),
  );

  app.post(
    `/${ADMIN_API.operatorReset}`,
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: envelopeSchema(operatorPasswordAnswerSchema) },
      },
    },
    async (request) => {
      const { row, password } = await resetOperatorPassword(
        app.db,
        id(request.params),
        actorOf(request),
        operatorOf(request).id,
      );
      return ok({ id: String(row.id), username: row.username, password });
    },
  );

  app.post(
    `/${ADMIN_API.operatorVouch}`,
    {
      ...finance,
      schema: { tags, security, params: idParamsSchema, response: { 200: envelopeSchema(operatorRowSchema) } },
    },
    async (request) => ok(await vouchOperator(app.db, operatorOf(request), id(request.params), app.clock.now())),
  );
};
