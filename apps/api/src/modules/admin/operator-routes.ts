import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { resetOperatorPassword } from '../auth/operator-accounts.ts';
import { actorOf, operatorOf } from '../auth/operators.ts';
import { allOperators, createOperator, unlockOperator, updateOperator, vouchOperator } from './accounts.ts';

/** Operator accounts: the owner's alone, but the list and a vouch, finance's too (as their declarations say). */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const id = (params: { id: string }) => Number(params.id);

  declaredRoute(app, CONSOLE_CALLS.operatorList, async () => ok(await allOperators(app.db)));

  declaredRoute(app, CONSOLE_CALLS.operatorAdd, async (request) =>
    ok(await createOperator(app.db, request.body, operatorOf(request))),
  );

  declaredRoute(app, CONSOLE_CALLS.operator, async (request) =>
    ok(await updateOperator(app.db, id(request.params), request.body, operatorOf(request))),
  );

  declaredRoute(app, CONSOLE_CALLS.operatorUnlock, async (request) =>
    ok(await unlockOperator(app.db, id(request.params), actorOf(request))),
  );

  declaredRoute(app, CONSOLE_CALLS.operatorReset, async (request) => {
    const { row, password } = await resetOperatorPassword(
      app.db,
      id(request.params),
      actorOf(request),
      operatorOf(request).id,
    );
    return ok({ id: String(row.id), username: row.username, password });
  });

  declaredRoute(app, CONSOLE_CALLS.operatorVouch, async (request) =>
    ok(await vouchOperator(app.db, operatorOf(request), id(request.params), app.clock.now())),
  );
};
