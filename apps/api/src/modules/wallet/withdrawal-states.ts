import type { AdminWithdrawalStatus, WithdrawalStatus } from '@minecloud/contract/wallet';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * A withdrawal's statuses as the database keeps them, and every change between them. The request
 * (withdrawals.ts), the review (review.ts, payout-hold.ts) and the payout worker (payout-send.ts,
 * payout-follow.ts) change a status only through `moveWithdrawal`, by a move of this table. What
 * members and operators are shown for each status is the contract's (withdrawal-states.ts).
 */

export const REVIEW_STATUSES = [
  'review',
  'second_review',
  'approved',
  'paying',
  'payout_failed',
  'payout_unclear',
  'arrived',
  'rejected',
] as const;
/** The database's status of a withdrawal; members see three of them (processing, failed, arrived). */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const MEMBER_STATUS: Record<ReviewStatus, WithdrawalStatus> = {
  review: 'processing',
  second_review: 'processing',
  approved: 'processing',
  paying: 'processing',
  payout_failed: 'processing',
  payout_unclear: 'processing',
  arrived: 'arrived',
  rejected: 'failed',
};
export const ADMIN_STATUS: Record<ReviewStatus, AdminWithdrawalStatus> = {
  review: 'review',
  second_review: 'secondReview',
  approved: 'approved',
  paying: 'paying',
  payout_failed: 'payoutFailed',
  payout_unclear: 'payoutUnclear',
  arrived: 'arrived',
  rejected: 'rejected',
};
export const DB_STATUS = Object.fromEntries(Object.entries(ADMIN_STATUS).map(([db, admin]) => [admin, db])) as Record<
  AdminWithdrawalStatus,
  ReviewStatus
>;

/**
 * Who causes a change: the member (the request), an operator (a decision), the payout job (signing
 * a transaction for an approved withdrawal), or the chain follow (what became of that transaction).
 */
export type WithdrawalActor = 'member' | 'operator' | 'payoutJob' | 'chainFollow';

type Transition = { by: WithdrawalActor; from: readonly ReviewStatus[]; to: ReviewStatus };

/** A withdrawal whose transaction is out: being paid, or waiting for an operator to look it up. */
const PAYING = ['paying', 'payout_unclear'] as const;

/** Every status change a withdrawal may make, by name: from which statuses, to which, and by whom. */
export const WITHDRAWAL_TRANSITIONS = {
  /** The request: the amount is locked, the withdrawal waits for review. */
  request: { by: 'member', from: [], to: 'review' },
  /** The only approval, below the second-approval amount. */
  approve: { by: 'operator', from: ['review'], to: 'approved' },
  /** The first of two approvals, at or above the second-approval amount. */
  firstApproval: { by: 'operator', from: ['review'], to: 'second_review' },
  /** The second approval, by another operator. */
  secondApproval: { by: 'operator', from: ['second_review'], to: 'approved' },
  /** A new payout after the last ones failed on chain. */
  approveAgain: { by: 'operator', from: ['payout_failed'], to: 'approved' },
  /** The locked amount goes back to available (review.ts: never while a transaction is live). */
  reject: { by: 'operator', from: ['review', 'second_review', 'payout_failed'], to: 'rejected' },
  /** The operator named the transaction that took the payout's nonce, and the server checked it (payout-hold.ts). */
  replacementProven: { by: 'operator', from: ['payout_unclear'], to: 'approved' },
  /** A transaction is signed for it. */
  sign: { by: 'payoutJob', from: ['approved'], to: 'paying' },
  /** Its nonce is used and the chain will not show by what, for too many rounds. */
  unclear: { by: 'chainFollow', from: ['paying'], to: 'payout_unclear' },
  /** The transaction has its confirmations: the ledger pays out. */
  arrive: { by: 'chainFollow', from: PAYING, to: 'arrived' },
  /** The transaction reverted: pay again. */
  reverted: { by: 'chainFollow', from: PAYING, to: 'approved' },
  /** The transaction reverted once too often: an operator decides. */
  failed: { by: 'chainFollow', from: PAYING, to: 'payout_failed' },
  /** Another transaction took its nonce, for good: pay again. */
  dropped: { by: 'chainFollow', from: PAYING, to: 'approved' },
} as const satisfies Record<string, Transition>;

/** The statuses no move leaves: arrived and rejected. */
export const FINAL_STATUSES: readonly ReviewStatus[] = REVIEW_STATUSES.filter(
  (status) =>
    !Object.values(WITHDRAWAL_TRANSITIONS).some(({ from }) => (from as readonly ReviewStatus[]).includes(status)),
);

type Transitions = typeof WITHDRAWAL_TRANSITIONS;
export type WithdrawalMove = keyof Transitions;
/** The moves `actor` may make. */
export type MoveBy<A extends WithdrawalActor> = {
  [M in WithdrawalMove]: Transitions[M]['by'] extends A ? M : never;
}[WithdrawalMove];

/** Whether `move` may start from `status`. */
export function canMove(move: WithdrawalMove, status: ReviewStatus): boolean {
  return (WITHDRAWAL_TRANSITIONS[move].from as readonly ReviewStatus[]).includes(status);
}

/** A status from which `move` may start (`w.status` when the table is aliased `w`). */
export function startsFrom(move: WithdrawalMove, column: SQL = sql`status`): SQL {
  const from = WITHDRAWAL_TRANSITIONS[move].from as readonly ReviewStatus[];
  if (from.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    from.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}

/**
 * Makes `move` on withdrawal `id` if the table lets `by` make it and the withdrawal's status lets
 * it start: one conditional update, so of two workers at once only one moves it. `also` sets
 * further columns in the same update. True when the withdrawal moved.
 */
export async function moveWithdrawal<A extends WithdrawalActor>(
  tx: Pick<Db, 'execute'>,
  id: number,
  by: A,
  move: MoveBy<A>,
  also?: SQL,
): Promise<boolean> {
  const transition: Transition = WITHDRAWAL_TRANSITIONS[move];
  if (transition.by !== by) throw new Error(`withdrawal move ${move} is made by the ${transition.by}, not the ${by}`);
  const moved = await queryRows(
    tx,
    sql`update withdrawals set status = ${transition.to}${also ? sql`, ${also}` : sql``}
        where id = ${id} and ${startsFrom(move)} returning id`,
  );
  return moved.length > 0;
}
