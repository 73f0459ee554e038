import { CONSOLE_CALLS } from '@minecloud/contract/console';
import { WITHDRAWAL_STATE_TEXTS } from '@minecloud/contract/withdrawal-states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { payoutReplaced } from './payout-hold.ts';
import { approveWithdrawal, linkOperatorMember, operatorWithdrawals, rejectWithdrawal } from './review.ts';

/** Withdrawal review and export (`/admin-api/withdrawals/*`); each decision is audited in its transaction. */
export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const calls = CONSOLE_CALLS;

  declaredRoute(app, calls.withdrawals, async (request) =>
    ok(await operatorWithdrawals(app.db, app.chain, request.query)),
  );
  declaredRoute(app, calls.withdrawalsCsv, async (request, reply) =>
    sendCsv(
      reply,
      'withdrawals.csv',
      (pageNo, pageSize) => operatorWithdrawals(app.db, app.chain, { ...request.query, pageNo, pageSize }),
      [
        { title: 'id', value: (r) => r.id, kind: 'number' },
        { title: 'member', value: (r) => r.userId, kind: 'number' },
        { title: 'asset', value: (r) => r.asset },
        { title: 'amount', value: (r) => r.amount, kind: 'number' },
        { title: 'fee', value: (r) => r.fee, kind: 'number' },
        { title: 'address', value: (r) => r.address },
        { title: 'status', value: (r) => r.reviewStatus },
        // The same words the console's table and the member's list use (withdrawal-states.ts).
        { title: 'state', value: (r) => WITHDRAWAL_STATE_TEXTS[r.state].en },
        { title: 'first approver', value: (r) => r.firstApprover },
        { title: 'second approver', value: (r) => r.secondApprover },
        { title: 'tx hash', value: (r) => r.txHash },
        { title: 'reason', value: (r) => r.reason },
        { title: 'created', value: (r) => r.createdAt },
      ],
    ),
  );
  declaredRoute(app, calls.withdrawalApprove, async (request) =>
    ok(await approveWithdrawal(app.db, operatorOf(request), Number(request.body.id))),
  );
  declaredRoute(app, calls.withdrawalReject, async (request) =>
    ok(await rejectWithdrawal(app.db, operatorOf(request), Number(request.body.id), request.body.reason)),
  );
  declaredRoute(app, calls.payoutReplaced, async (request) =>
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
  // The owner's alone (no roles in its declaration).
  declaredRoute(app, calls.operatorMembers, async (request) => {
    await linkOperatorMember(app.db, operatorOf(request), request.body.operator, Number(request.body.userId));
    return ok(null);
  });
};
