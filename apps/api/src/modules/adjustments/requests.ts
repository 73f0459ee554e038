import { type Asset, formatAmount } from '@minecloud/contract/amount';
import type { AdjustmentStatus } from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import type { TxDb } from '../../db/client.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { findReceiver } from '../asset/service.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import { checkApprover } from '../auth/vouch.ts';
import { checkDailyCap, creditedSince, dayStartOf, limitsOf, lockCredits } from './limits.ts';
import { type AdjustInput, moveAdjustment, signedAdjustUnits } from './move.ts';

/**
 * No insider mints money: an operator's credit to a member moves at once only while
 * the operator's own unapproved credits of the settlement day stay within
 * `ledger.adjustApprovalAbove.<asset>`; above, it waits as a pending request until a second,
 * different operator approves it. All credits of a day together stay within
 * `ledger.adjustDailyCap.<asset>`, checked under a lock in the transaction that moves the money.
 * Debits (corrections down) move at once. Every operator adjustment is a row of
 * `adjustment_requests`, which the withdrawal review reads (history.ts, adjustedMember); the limits
 * are limits.ts.
 */

const actorOf = (operator: Operator) => operatorActor(operator.username);

async function recordApplied(
  tx: Pick<Db, 'execute'>,
  operator: Operator,
  input: { userId: number; asset: Asset; units: bigint; reason: string },
  transferId: string,
  now: Date,
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into adjustment_requests (user_id, asset, amount, reason, status, requested_by_id, transfer_id, decided_at, applied_at)
        values (${input.userId}, ${input.asset}, ${input.units.toString()}::bigint, ${input.reason}, 'applied', ${operator.id},
                ${Number(transferId)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning id::text`,
  );
  return row?.id as string;
}

async function recordPending(
  tx: TxDb,
  operator: Operator,
  input: { userId: number; asset: Asset; units: bigint; reason: string },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into adjustment_requests (user_id, asset, amount, reason, status, requested_by_id)
        values (${input.userId}, ${input.asset}, ${input.units.toString()}::bigint, ${input.reason}, 'pending', ${operator.id})
        returning id::text`,
  );
  const id = row?.id as string;
  await audit(tx, {
    actor: actorOf(operator),
    action: 'ledger.adjust.request',
    target: `user:${input.userId}:${input.asset}`,
    after: { requestId: id, amount: formatAmount(input.units, input.asset), reason: input.reason, status: 'pending' },
  });
  return id;
}

/**
 * An operator's adjustment (POST ledger/adjust), inside the caller's once-per-key transaction: a
 * debit or a credit within the operator's own daily allowance moves now; a larger credit becomes
 * a pending request and moves nothing.
 */
export async function requestAdjustment(
  tx: TxDb,
  operator: Operator,
  body: AdjustInput,
  legKey: (leg: string) => string,
  now: Date,
) {
  const userId = Number(body.userId);
  await findReceiver(tx, userId);
  const input = { userId, asset: body.asset, units: signedAdjustUnits(body.amount, body.asset), reason: body.reason };
  if (input.units > 0n) {
    await lockCredits(tx, input.asset);
    const limits = await limitsOf(tx, input.asset, now);
    const since = await dayStartOf(tx, now);
    // A credit larger than a whole day's cap can never be applied: refused now, not left pending.
    checkDailyCap(0n, input.units, limits.dailyCap, input.asset);
    const credited = await creditedSince(tx, input.asset, since, operator.id);
    if (credited.mine + input.units > limits.approvalAbove) {
      const requestId = await recordPending(tx, operator, input);
      return { status: 'pending' as const, requestId, transferId: null };
    }
    checkDailyCap(credited.total, input.units, limits.dailyCap, input.asset);
  }
  const { transferId } = await moveAdjustment(tx, { actor: actorOf(operator), ...input, legKey });
  const requestId = await recordApplied(tx, operator, input, transferId, now);
  return { status: 'applied' as const, requestId, transferId };
}

type Locked = {
  id: string;
  user_id: number;
  asset: Asset;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requested_by_id: number;
  requested_by: string;
  decided_by_id: number | null;
  transfer_id: string | null;
};

/** The request, locked for this transaction: decisions on it take turns. */
async function lockRequest(tx: Pick<Db, 'execute'>, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select a.id::text, a.user_id::int, a.asset, a.amount::text, a.reason, a.status, a.requested_by_id::int,
               o.username as requested_by, a.decided_by_id::int, a.transfer_id::text
        from adjustment_requests a join operators o on o.id = a.requested_by_id
        where a.id = ${id} for update of a`,
  );
  if (!row) return fail('adjustmentNotFound');
  return row;
}

/**
 * A second operator approves a pending credit: the money moves now, once (the request's row lock,
 * its status and the transfer's own key), within the daily cap, audited in the same transaction.
 * The requester can never approve its own request. Asking again after one's own approval answers
 * the same.
 */
export async function approveAdjustment(db: Db, operator: Operator, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.status === 'applied' && row.decided_by_id === operator.id) {
      return { id: row.id, status: 'applied' as const, transferId: row.transfer_id };
    }
    if (row.status !== 'pending') return fail('adjustmentDecided');
    if (row.requested_by_id === operator.id) return fail('adjustmentOwnRequest');
    await checkApprover(tx, operator.id, row.requested_by_id);
    const units = BigInt(row.amount);
    await lockCredits(tx, row.asset);
    const limits = await limitsOf(tx, row.asset, now);
    const since = await dayStartOf(tx, now);
    const credited = await creditedSince(tx, row.asset, since, operator.id);
    checkDailyCap(credited.total, units, limits.dailyCap, row.asset);
    const { transferId } = await moveAdjustment(tx, {
      actor: actorOf(operator),
      userId: row.user_id,
      asset: row.asset,
      units,
      reason: row.reason,
      legKey: (leg) => `adjustment-request:${row.id}:${leg}`,
      action: 'ledger.adjust.approve',
      details: { requestId: row.id, requestedBy: operatorActor(row.requested_by) },
    });
    await tx.execute(
      sql`update adjustment_requests
          set status = 'applied', decided_by_id = ${operator.id}, transfer_id = ${Number(transferId)},
              decided_at = ${now.toISOString()}::timestamptz, applied_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    return { id: row.id, status: 'applied' as const, transferId };
  });
}

/** Rejects a pending credit with a reason (the requester may withdraw its own): nothing moves. */
export async function rejectAdjustment(db: Db, operator: Operator, id: number, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.status !== 'pending') return fail('adjustmentDecided');
    await tx.execute(
      sql`update adjustment_requests
          set status = 'rejected', decided_by_id = ${operator.id}, decision_reason = ${reason},
              decided_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    await audit(tx, {
      actor: actorOf(operator),
      action: 'ledger.adjust.reject',
      target: `user:${row.user_id}:${row.asset}`,
      before: { requestId: row.id, status: 'pending' },
      after: { requestId: row.id, status: 'rejected', reason, requestedBy: operatorActor(row.requested_by) },
    });
    return { id: row.id, status: 'rejected' as const, transferId: null };
  });
}
