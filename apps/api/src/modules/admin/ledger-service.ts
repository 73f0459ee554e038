import type { Asset } from '@minecloud/contract/amount';
import { formatAmount } from '@minecloud/contract/amount';
import type { Db } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { transfer } from '../../ledger/transfer.ts';
import { audit } from '../../lib/audit.ts';
import type { TxDb } from '../../lib/idempotency.ts';
import { positiveUnits } from '../asset/amounts.ts';
import { balancesOf, findReceiver } from '../asset/service.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

/**
 * An operator's correction of a member's available balance: a transfer from or to the
 * `adjustment` account (never an edit), with an audit row holding the reason and both balances.
 */
export async function adjustBalance(
  tx: TxDb,
  db: Db,
  actor: string,
  input: { userId: string; asset: Asset; amount: string; reason: string },
  legKey: (leg: string) => string,
) {
  const userId = Number(input.userId) as AuthorizedUserId;
  await findReceiver(tx, userId);
  const negative = input.amount.startsWith('-');
  const units = positiveUnits(negative ? input.amount.slice(1) : input.amount, input.asset);
  const before = (await balancesOf(tx, userId))[input.asset].available;
  const transferId = await transfer(tx, db, {
    asset: input.asset,
    from: negative ? userAccount(userId) : systemAccount('adjustment'),
    to: negative ? systemAccount('adjustment') : userAccount(userId),
    amount: units,
    kind: 'adjustment',
    reference: `adjust:${actor}`,
    idempotencyKey: legKey('adjust'),
  });
  const after = before + (negative ? -units : units);
  await audit(tx, {
    actor,
    action: 'ledger.adjust',
    target: `user:${userId}:${input.asset}`,
    before: { available: formatAmount(before, input.asset) },
    after: { available: formatAmount(after, input.asset), transferId: String(transferId), reason: input.reason },
  });
  return { transferId: String(transferId) };
}
