import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { type Db, queryRows } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import { getSetting } from '../config/settings.ts';
import { type Chain, provesReplaced, receiptOf } from './chain.ts';
import { canMove, moveWithdrawal, type ReviewStatus } from './withdrawal-states.ts';
import { addEvent } from './withdrawals.ts';

/**
 * The way out of `payout_unclear` (payout-follow.ts): the worker saw the payout's nonce used but could not
 * show by what. Paying again is safe only once another transaction of the hot wallet holds that
 * nonce on chain, so the operator must name it (found on a block explorer), and the server checks
 * it itself: same sender, same nonce, a different hash, mined `chain.confirmations` deep, and no
 * receipt of the payout. If the payout itself is on chain there is nothing to do: the worker
 * settles it once its RPC shows the receipt.
 */

type Held = { attempt_id: number; nonce: number; tx_hash: Hex; from_address: Hex; owned: boolean };

async function heldPayout(db: Pick<Db, 'execute'>, operator: Operator, id: number, lock: boolean) {
  const [row] = await queryRows<Held & { status: ReviewStatus }>(
    db,
    sql`select w.status, a.id::int as attempt_id, a.nonce::int, a.tx_hash, a.from_address,
          exists (select 1 from operator_members m where m.operator_id = ${operator.id} and m.user_id = w.user_id) as owned
        from withdrawals w
        left join payout_attempts a on a.withdrawal_id = w.id and a.status in ('signed','sent','mined')
        where w.id = ${id} ${lock ? sql`for update of w` : sql``}`,
  );
  if (!row) return fail('withdrawalNotFound');
  if (!canMove('replacementProven', row.status) || row.attempt_id === null) return fail('payoutNotUnclear');
  if (row.owned) return fail('approverOwnsAccount');
  return row;
}

export async function payoutReplaced(db: Db, chain: Chain | null, operator: Operator, id: number, replacedBy: Hex) {
  const held = await heldPayout(db, operator, id, false);
  if (!chain) return fail('replacementNotProven');
  if (await receiptOf(chain, held.tx_hash)) return fail('payoutOnChain');
  const required = await getSetting(db, 'chain.confirmations');
  const tx = { from: held.from_address, nonce: held.nonce, hash: held.tx_hash };
  if (!(await provesReplaced(chain, tx, replacedBy, required))) return fail('replacementNotProven');
  return db.transaction(async (dbtx) => {
    const again = await heldPayout(dbtx, operator, id, true);
    // The worker may have settled or dropped it meanwhile: then the check above no longer applies.
    if (again.attempt_id !== held.attempt_id) return fail('payoutNotUnclear');
    const actor = operatorActor(operator.username);
    await dbtx.execute(
      sql`update payout_attempts set status = 'dropped', updated_at = now(),
            last_error = ${`nonce taken by ${replacedBy.toLowerCase()} (named by ${actor})`}
          where id = ${held.attempt_id}`,
    );
    await moveWithdrawal(dbtx, id, 'operator', 'replacementProven');
    await addEvent(dbtx, id, 'approved', actor);
    await audit(dbtx, {
      actor,
      action: 'withdrawal.payout.replaced',
      target: `withdrawal:${id}`,
      before: { status: 'payoutUnclear', txHash: held.tx_hash, nonce: held.nonce },
      after: { status: 'approved', replacedBy: replacedBy.toLowerCase() },
    });
    return { id: String(id), status: 'approved' as const };
  });
}
