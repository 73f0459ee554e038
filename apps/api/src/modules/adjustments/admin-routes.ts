import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLedger, checkLedgerSinceCheckpoint } from '../../ledger/check.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, KEY_PATTERN, oncePerKey } from '../../money/idempotency.ts';
import { operatorOf } from '../auth/operators.ts';
import { adjustmentPage } from './history.ts';
import { adjustmentLimits } from './limits.ts';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from './requests.ts';

/** Finance's calls on the ledger: adjustments, the credits waiting for a second operator, and the check. */
export const adjustmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(
    app,
    CONSOLE_CALLS.adjust,
    async (request) => {
      const operator = operatorOf(request);
      const key = idempotencyKeyOf(request);
      // Operator keys live beside member keys; a negative id keeps the two apart.
      const scope = { userId: -operator.id, key, route: 'admin:ledger/adjust', body: request.body };
      const now = app.clock.now();
      return ok(
        await oncePerKey(app.db, scope, {
          work: (tx, legKey) => requestAdjustment(tx, operator, request.body, legKey, now),
        }),
      );
    },
    { config: { idempotencyKey: KEY_PATTERN } },
  );

  // ---- Credits waiting for a second operator: finance lists, approves, rejects.
  const calls = CONSOLE_CALLS;
  declaredRoute(app, calls.adjustments, async (request) => ok(await adjustmentPage(app.db, request.query)));
  declaredRoute(app, calls.adjustmentLimits, async (request) =>
    ok(await adjustmentLimits(app.db, operatorOf(request), app.clock.now())),
  );
  declaredRoute(app, calls.adjustmentApprove, async (request) =>
    ok(await approveAdjustment(app.db, operatorOf(request), Number(request.params.id), app.clock.now())),
  );
  declaredRoute(app, calls.adjustmentReject, async (request) =>
    ok(
      await rejectAdjustment(
        app.db,
        operatorOf(request),
        Number(request.params.id),
        request.body.reason,
        app.clock.now(),
      ),
    ),
  );
  declaredRoute(app, calls.ledgerCheck, async (request) =>
    ok(request.query.full ? await checkLedger(app.db) : await checkLedgerSinceCheckpoint(app.db)),
  );
};
