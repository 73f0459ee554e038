import { formatAmount } from '@minecloud/contract/amount';
import type { AdminWithdrawalStatus, ReviewContext, WithdrawalStage } from '@minecloud/contract/wallet';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { adjustedMember } from '../adjustments/history.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import { checkApprover } from '../auth/vouch.ts';
import { getSetting } from '../config/settings.ts';
import { notify } from '../notifications/write.ts';
import { type Chain, paysOut } from './chain.ts';
import { reviewContexts } from './review-context.ts';
import {
  ADMIN_STATUS,
  canMove,
  DB_STATUS,
  type MoveBy,
  moveWithdrawal,
  type ReviewStatus,
  WITHDRAWAL_TRANSITIONS,
} from './withdrawal-states.ts';
import { addEvent, memberView, withdrawalRows } from './withdrawals.ts';

/**
 * The review queue: every withdrawal (or those of one status), with its approvals, its state and
 * the member's context (review-context.ts); `payoutsRunning` says whether this server pays approved
 * withdrawals at all.
 */
export async function operatorWithdrawals(
  db: Db,
  chain: Chain | null,
  query: { status?: AdminWithdrawalStatus | undefined; pageNo: number; pageSize: number },
) {
  const where = query.status ? sql`w.status = ${DB_STATUS[query.status]}` : sql`true`;
  const [{ rows, total, events }, required] = await Promise.all([
    withdrawalRows(db, where, query),
    getSetting(db, 'chain.confirmations'),
  ]);
  const contexts = await reviewContexts(db, rows);
  return {
    list: rows.map((row) => ({
      ...memberView(row, events.get(row.id) ?? [], required, chain),
      reason: row.reason,
      userId: row.user_id,
      memberAddress: row.member_address,
      reviewStatus: ADMIN_STATUS[row.status],
      firstApprover: row.first_approver,
      secondApprover: row.second_approver,
      needsSecondApproval: row.needs_second,
      payoutAttempts: row.attempts,
      payoutNonce: row.live_nonce,
      payoutFrom: row.live_from,
      context: contexts.get(row.id) as ReviewContext,
    })),
    total,
    payoutsRunning: paysOut(chain),
  };
}

type Locked = {
  id: number;
  user_id: number;
  asset: 'USDT' | 'BTC';
  amount: string;
  status: ReviewStatus;
  first_approver_id: number | null;
  needs_second: boolean;
  owned: boolean;
};

/** The withdrawal, locked for this transaction: concurrent decisions on it take turns. */
async function lockForDecision(tx: Pick<Db, 'execute'>, operator: Operator, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select w.id::int, w.user_id::int, w.asset, w.amount::text, w.status, w.first_approver_id::int, w.needs_second,
          exists (select 1 from operator_members m where m.operator_id = ${operator.id} and m.user_id = w.user_id) as owned
        from withdrawals w where w.id = ${id} for update of w`,
  );
  if (!row) return fail('withdrawalNotFound');
  return row;
}

/** What every withdrawal notification names: the withdrawal, its asset and amount. */
function withdrawalParams(row: Locked) {
  return { withdrawalId: String(row.id), asset: row.asset, amount: formatAmount(BigInt(row.amount), row.asset) };
}

async function auditDecision(
  tx: Pick<Db, 'insert'>,
  operator: Operator,
  action: string,
  id: number,
  before: ReviewStatus,
  after: Record<string, unknown>,
) {
  await audit(tx, {
    actor: operatorActor(operator.username),
    action,
    target: `withdrawal:${id}`,
    before: { status: ADMIN_STATUS[before] },
    after,
  });
}

/** What each approval sets beside the status, and the stage it adds to the timeline. */
const APPROVALS = {
  approve: { also: (by: number) => sql`first_approver_id = ${by}, decided_at = now()`, stage: 'approved' },
  firstApproval: { also: (by: number) => sql`first_approver_id = ${by}`, stage: 'approved' },
  secondApproval: {
    also: (by: number) => sql`second_approver_id = ${by}, decided_at = now()`,
    stage: 'secondApproved',
  },
  approveAgain: { also: () => undefined, stage: 'approved' },
} as const satisfies Partial<
  Record<MoveBy<'operator'>, { also: (by: number) => SQL | undefined; stage: WithdrawalStage }>
>;
type Approval = keyof typeof APPROVALS;

/**
 * The approval an operator's approve is of a withdrawal in `row.status`, as the table lets one
 * start there; in review the amount decides between the only approval and the first of two.
 */
function approvalOf(row: Locked): Approval | undefined {
  const ruledOut: Approval = row.needs_second ? 'approve' : 'firstApproval';
  return (Object.keys(APPROVALS) as Approval[]).find((move) => move !== ruledOut && canMove(move, row.status));
}

/**
 * Approves: a first approval (or the only one, below the second-approval amount), a second by a
 * different operator, or a new payout after the last one failed on chain. Never an operator's own
 * account.
 */
export async function approveWithdrawal(db: Db, operator: Operator, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockForDecision(tx, operator, id);
    if (row.owned) return fail('approverOwnsAccount');
    // Never an operator who credited (or approved a credit to) this member, at any approval: one
    // insider could otherwise credit a member and then approve the withdrawal of it.
    if (await adjustedMember(tx, operator.id, row.user_id)) return fail('approverAdjustedMember');
    const move = approvalOf(row);
    if (!move) return fail('withdrawalDecided');
    if (move === 'secondApproval' && row.first_approver_id === operator.id) return fail('secondApproverSame');
    // Both approvals of a large withdrawal are four-eyes decisions (docs/operations.md, "Approvers and vouching").
    if (move === 'firstApproval') await checkApprover(tx, operator.id, null);
    if (move === 'secondApproval') await checkApprover(tx, operator.id, row.first_approver_id);
    await moveWithdrawal(tx, id, 'operator', move, APPROVALS[move].also(operator.id));
    await addEvent(tx, id, APPROVALS[move].stage, operatorActor(operator.username));
    // The member hears of the last approval it needed; approving again after failed payouts is no news.
    if (move === 'approve' || move === 'secondApproval') {
      await notify(tx, row.user_id, { kind: 'withdrawal_approved', params: withdrawalParams(row) });
    }
    const next = ADMIN_STATUS[WITHDRAWAL_TRANSITIONS[move].to];
    await auditDecision(tx, operator, 'withdrawal.approve', id, row.status, { status: next });
    return { id: String(id), status: next };
  });
}

/** Rejects with a reason: the locked amount goes back to available. */
export async function rejectWithdrawal(db: Db, operator: Operator, id: number, reason: string | undefined) {
  if (!reason) return fail('reasonRequired');
  return db.transaction(async (tx) => {
    const row = await lockForDecision(tx, operator, id);
    if (!canMove('reject', row.status)) return fail('withdrawalDecided');
    // After failed payouts every attempt is reverted or dropped: nothing can still be mined.
    const [live] = await queryRows(
      tx,
      sql`select 1 from payout_attempts where withdrawal_id = ${id} and status in ('signed','sent','mined','confirmed')`,
    );
    if (live) return fail('withdrawalDecided');
    await post(tx, {
      asset: row.asset,
      from: userAccount(row.user_id, 'locked'),
      to: userAccount(row.user_id, 'available'),
      amount: BigInt(row.amount),
      kind: 'withdraw_release',
      reference: `withdrawal:${id}`,
      idempotencyKey: `withdrawal:${id}:release`,
    });
    await moveWithdrawal(
      tx,
      id,
      'operator',
      'reject',
      sql`reason = ${reason}, rejected_by_id = ${operator.id}, decided_at = now()`,
    );
    await addEvent(tx, id, 'rejected', operatorActor(operator.username));
    await notify(tx, row.user_id, { kind: 'withdrawal_rejected', params: { ...withdrawalParams(row), reason } });
    await auditDecision(tx, operator, 'withdrawal.reject', id, row.status, { status: 'rejected', reason });
    return { id: String(id), status: 'rejected' as const };
  });
}

/** Records that a member account belongs to an operator (who then may not approve its withdrawals). */
export async function linkOperatorMember(db: Db, actor: Operator, username: string, userId: number) {
  return db.transaction(async (tx) => {
    const [operator] = await queryRows<{ id: number }>(
      tx,
      sql`select id::int from operators where username = ${username}`,
    );
    if (!operator) return fail('notFound');
    const [user] = await queryRows(tx, sql`select 1 from users where id = ${userId}`);
    if (!user) return fail('receiverNotFound');
    await tx.execute(
      sql`insert into operator_members (operator_id, user_id) values (${operator.id}, ${userId}) on conflict do nothing`,
    );
    await audit(tx, {
      actor: operatorActor(actor.username),
      action: 'operator.member.link',
      target: operatorActor(username),
      after: { userId },
    });
  });
}
