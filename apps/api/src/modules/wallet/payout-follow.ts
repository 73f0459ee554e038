import { formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { type Db, queryRows } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { notify } from '../notifications/write.ts';
import { type Chain, type NonceFate, receiptOf } from './chain.ts';
import { fateOf, LIVE, type LiveAttempt, type PayoutHooks, type PayoutReport, type Round } from './payout-round.ts';
import { broadcast, markSent } from './payout-send.ts';
import { moveWithdrawal } from './withdrawal-states.ts';
import { addEvent } from './withdrawals.ts';

/**
 * The payout worker's following half (payout.ts): every live transaction's fate on chain, and what
 * it does to the attempt, the withdrawal and the ledger.
 */

/** Transactions reverted on chain before a withdrawal waits for an operator (payout_failed). */
export const MAX_PAYOUT_ATTEMPTS = 3;
/**
 * Rounds in which a live transaction's nonce was used by the pinned block but the chain could not
 * show by what (no receipt and no block evidence) before its withdrawal waits for an operator
 * (payout_unclear). The worker goes on following it meanwhile: a receipt still settles it.
 */
export const PAYOUT_UNCLEAR_ROUNDS = 10;

/** Looks at every live transaction: confirmations, arrival, a revert, a drop, or sends it again. */
export async function followAttempts(db: Db, chain: Chain, round: Round, hooks: PayoutHooks, report: PayoutReport) {
  const live = await queryRows<LiveAttempt>(
    db,
    sql`select a.id::int, a.withdrawal_id::int, a.nonce::int, a.tx_hash, a.raw_tx, a.status, a.signed_block::text,
          w.user_id::int, w.asset, w.amount::text, w.fee::text
        from payout_attempts a join withdrawals w on w.id = a.withdrawal_id
        where a.chain_id = ${chain.id} and a.status in ${LIVE} order by a.nonce`,
  );
  if (live.length === 0) return;
  const { head, required } = round;
  for (const attempt of live) {
    const receipt = await receiptOf(chain, attempt.tx_hash);
    if (receipt) {
      if (attempt.status === 'signed') await markSent(db, attempt);
      if (receipt.status === 'reverted') {
        if (await markReverted(db, attempt)) report.reverted++;
        continue;
      }
      const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber) + 1 : 0;
      if (confirmations >= required) {
        if (await settleArrived(db, attempt, Number(receipt.blockNumber), confirmations)) report.arrived++;
      } else {
        await db.execute(
          sql`update payout_attempts set status = 'mined', block_number = ${Number(receipt.blockNumber)},
                confirmations = ${confirmations}, updated_at = now()
              where id = ${attempt.id} and status in ${LIVE}`,
        );
      }
      continue;
    }
    if (attempt.status === 'mined') {
      // Its block left the chain (a reorganisation): it is pending again, or will be once re-sent.
      await db.execute(
        sql`update payout_attempts set status = 'sent', block_number = null, confirmations = null, updated_at = now()
            where id = ${attempt.id} and status = 'mined'`,
      );
    }
    const fate = await fateOf(chain, round, attempt);
    // Without the pinned block nothing is known of this payout: nothing counts, it is sent again.
    if (fate.kind === 'unpinned') {
      await broadcast(db, chain, attempt, hooks, report);
      continue;
    }
    if (fate.kind === 'replaced') {
      if (await markDropped(db, attempt, fate)) report.dropped++;
      continue;
    }
    if (fate.kind !== 'open' && (await noteUnclear(db, attempt, fate))) report.unclear++;
    // The very same transaction again: it can be mined once at most, whatever happened to it.
    await broadcast(db, chain, attempt, hooks, report);
  }
}

/**
 * The nonce is used (or cannot be checked) and the chain does not show our receipt: one more
 * unclear round; after PAYOUT_UNCLEAR_ROUNDS the withdrawal waits for an operator. True when it
 * moved to payout_unclear now.
 */
async function noteUnclear(db: Db, attempt: LiveAttempt, fate: Exclude<NonceFate, { kind: 'open' | 'replaced' }>) {
  const why = fate.kind === 'ours' ? `mined in block ${fate.blockNumber}, receipt not found` : fate.reason;
  return db.transaction(async (tx) => {
    const [counted] = await queryRows<{ rounds: number }>(
      tx,
      sql`update payout_attempts set unclear_rounds = unclear_rounds + 1, last_error = ${`unclear: ${why}`.slice(0, 500)},
            updated_at = now()
          where id = ${attempt.id} and status in ${LIVE} returning unclear_rounds as rounds`,
    );
    if (!counted || counted.rounds < PAYOUT_UNCLEAR_ROUNDS) return false;
    return moveWithdrawal(tx, attempt.withdrawal_id, 'chainFollow', 'unclear');
  });
}

/** Confirmed: the attempt, the withdrawal and the ledger move together, once. */
async function settleArrived(db: Db, attempt: LiveAttempt, blockNumber: number, confirmations: number) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'confirmed', block_number = ${blockNumber}, confirmations = ${confirmations},
            updated_at = now()
          where id = ${attempt.id} and status in ${LIVE} returning id`,
    );
    if (moved.length === 0) return false;
    const arrived = await moveWithdrawal(tx, attempt.withdrawal_id, 'chainFollow', 'arrive', sql`arrived_at = now()`);
    if (!arrived) throw new Error(`withdrawal ${attempt.withdrawal_id} confirmed on chain but not paying`);
    const amount = BigInt(attempt.amount);
    const fee = BigInt(attempt.fee);
    const reference = `withdrawal:${attempt.withdrawal_id}`;
    // One entry: the payout and its fee leave the locked account together, `amount` in all.
    const locked = userAccount(attempt.user_id, 'locked');
    await post(tx, {
      kind: 'withdraw_payout',
      reference,
      idempotencyKey: `${reference}:paid`,
      legs: [
        {
          asset: attempt.asset,
          from: locked,
          to: systemAccount('payout'),
          amount: amount - fee,
          key: `${reference}:payout`,
        },
        ...(fee > 0n
          ? [
              {
                asset: attempt.asset,
                from: locked,
                to: systemAccount('treasury'),
                amount: fee,
                kind: 'withdraw_fee' as const,
                key: `${reference}:fee`,
              },
            ]
          : []),
      ],
    });
    await addEvent(tx, attempt.withdrawal_id, 'confirmed', 'payout', attempt.tx_hash);
    await notify(tx, attempt.user_id, {
      kind: 'withdrawal_paid',
      params: {
        withdrawalId: String(attempt.withdrawal_id),
        asset: attempt.asset,
        amount: formatAmount(amount, attempt.asset),
        txHash: attempt.tx_hash,
      },
    });
    return true;
  });
}

/** Reverted on chain (it moved nothing): pay again, or after too many, wait for an operator. */
async function markReverted(db: Db, attempt: LiveAttempt) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'reverted', updated_at = now() where id = ${attempt.id} and status in ${LIVE}
          returning id`,
    );
    if (moved.length === 0) return false;
    await addEvent(tx, attempt.withdrawal_id, 'reverted', 'payout', attempt.tx_hash);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from payout_attempts where withdrawal_id = ${attempt.withdrawal_id} and status = 'reverted'`,
    );
    const move = (count?.n ?? 0) >= MAX_PAYOUT_ATTEMPTS ? 'failed' : 'reverted';
    await moveWithdrawal(tx, attempt.withdrawal_id, 'chainFollow', move);
    return true;
  });
}

/**
 * Its nonce went to another transaction, mined at or before the pinned (confirmed) block: this one
 * can never be mined; pay again.
 */
async function markDropped(db: Db, attempt: LiveAttempt, fate: { by: Hex; blockNumber: bigint }) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'dropped', updated_at = now(),
            last_error = ${`nonce taken by ${fate.by} in block ${fate.blockNumber}`}
          where id = ${attempt.id} and status in ${LIVE} returning id`,
    );
    if (moved.length === 0) return false;
    await moveWithdrawal(tx, attempt.withdrawal_id, 'chainFollow', 'dropped');
    return true;
  });
}
