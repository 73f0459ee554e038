import type { Asset } from '@minecloud/contract/amount';
import { formatAmount } from '@minecloud/contract/amount';
import type { TxDb } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { audit } from '../../lib/audit.ts';
import { positiveUnits } from '../asset/amounts.ts';
import { balancesOf, findReceiver } from '../asset/service.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

export type AdjustInput = { userId: string; asset: Asset; amount: string; reason: string };

/** The signed atomic units of an adjustment's amount ("-5.5" is a debit), or the "Invalid Amount" refusal. */
export function signedAdjustUnits(amount: string, asset: Asset): bigint {
  const negative = amount.startsWith('-');
  const units = positiveUnits(negative ? amount.slice(1) : amount, asset);
  return negative ? -units : units;
}

export type AdjustmentMove = {
  actor: string;
  userId: number;
  asset: Asset;
  /** Signed atomic units: negative debits the member. */
  units: bigint;
  reason: string;
  legKey: (leg: string) => string;
  /** The audit action: `ledger.adjust`, or `ledger.adjust.approve` for a second operator's approval. */
  action?: string;
  /** More for the audit row's `after` (the request and who asked for it). */
  details?: Record<string, unknown>;
};

/**
 * Moves an adjustment: a transfer from or to the `adjustment` account (never an edit), with an
 * audit row holding the reason and both balances. Whether it may move at all (a second operator,
 * the daily cap) is decided by the caller: requests.ts for operators, the demo seed for itself.
 */
export async function moveAdjustment(tx: TxDb, move: AdjustmentMove) {
  const userId = move.userId as AuthorizedUserId;
  const negative = move.units < 0n;
  const units = negative ? -move.units : move.units;
  const before = (await balancesOf(tx, userId))[move.asset].available;
  const [transferId] = await post(tx, {
    asset: move.asset,
    from: negative ? userAccount(userId) : systemAccount('adjustment'),
    to: negative ? systemAccount('adjustment') : userAccount(userId),
    amount: units,
    kind: 'adjustment',
    reference: `adjust:${move.actor}`,
    idempotencyKey: move.legKey('adjust'),
  });
  await audit(tx, {
    actor: move.actor,
    action: move.action ?? 'ledger.adjust',
    target: `user:${userId}:${move.asset}`,
    before: { available: formatAmount(before, move.asset) },
    after: {
      available: formatAmount(before + move.units, move.asset),
      transferId: String(transferId),
      reason: move.reason,
      ...move.details,
    },
  });
  return { transferId: String(transferId) };
}

/**
 * An adjustment that moves at once, whatever its size: for the demo seed (`system:demo`), never
 * for an operator's call (requests.ts applies the second-operator rule and the daily cap).
 */
export async function adjustBalance(tx: TxDb, actor: string, input: AdjustInput, legKey: (leg: string) => string) {
  const userId = Number(input.userId);
  await findReceiver(tx, userId as AuthorizedUserId);
  const units = signedAdjustUnits(input.amount, input.asset);
  return moveAdjustment(tx, { actor, userId, asset: input.asset, units, reason: input.reason, legKey });
}
