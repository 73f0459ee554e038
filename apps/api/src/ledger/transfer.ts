import { ASSETS } from '@minecloud/contract/amount';
import { type SQL, sql } from 'drizzle-orm';
import { preparedRows, type Tx } from '../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf } from '../db/errors.ts';
import { fail } from '../lib/errors.ts';
import { SYSTEM_ACCOUNTS, type SystemAccount, type TransferInput } from './accounts.ts';

/**
 * Creates every system account once, at start-up and outside any business transaction. The
 * statements that move money find them by (system, asset) on the accounts' unique key, so no id is
 * remembered per database.
 */
export async function ensureSystemAccounts(db: Tx): Promise<void> {
  const values = SYSTEM_ACCOUNTS.flatMap((system) => ASSETS.map((asset) => sql`(${system}, ${asset}, ${system})`));
  await db.execute(
    sql`insert into accounts (system, asset, kind) values ${sql.join(values, sql`, `)} on conflict on constraint accounts_owner_asset_kind do nothing`,
  );
}

/**
 * The id of the system account `system` of `asset`, as a scalar subquery on the accounts' unique key.
 * It is null when the account is missing, which fails the transfer's not-null debit or credit: the
 * whole statement, never half of it.
 */
function systemAccountId(system: SystemAccount, asset: SQL | string): SQL {
  return sql`(select id from accounts where user_id is null and system = ${system} and asset = ${asset} and kind = ${system})`;
}

/**
 * The statement that moves `amount` of one asset from one account to another and records the
 * transfer: the debit of a user account happens only if its balance covers it (else nothing at all
 * happens), the credit only if the debit did. It ends in the CTE `moved` (the new transfer's id), for
 * the caller's final clause to read.
 */
function movedCte(input: TransferInput, onlyIf?: SQL): SQL {
  if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  const amount = input.amount.toString();
  const { asset } = input;

  // The CTE `allowed` (the caller's precondition, read once) gates the debit, and so everything after it.
  const gate = onlyIf ? sql` and (select ok from allowed)` : sql``;
  const debit: SQL =
    'system' in input.from
      ? sql`select ${systemAccountId(input.from.system, asset)} as id where true${gate}`
      : sql`update accounts set balance = balance - ${amount}::bigint
            where user_id = ${input.from.userId} and system is null and asset = ${asset}
              and kind = ${input.from.kind} and balance >= ${amount}::bigint${gate}
            returning id`;
  const credit: SQL =
    'system' in input.to
      ? sql`select ${systemAccountId(input.to.system, asset)} as id from debit`
      : sql`insert into accounts (user_id, asset, kind, balance)
            select ${input.to.userId}, ${asset}, ${input.to.kind}, ${amount}::bigint from debit
            on conflict on constraint accounts_owner_asset_kind
            do update set balance = accounts.balance + excluded.balance
            returning id`;
  return sql`
    with ${onlyIf ? sql`allowed as (select (${onlyIf}) as ok), ` : sql``}debit as (${debit}), credit as (${credit}),
    moved as (
      insert into transfers (asset, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
      select ${asset}, debit.id, credit.id, ${amount}::bigint, ${input.kind}, ${input.reference ?? null}, ${input.idempotencyKey}
      from debit, credit
      returning id)`;
}

/** What the text of a transfer statement depends on (everything else is a bound value). */
function shapeOf(input: TransferInput): string {
  const side = (ref: TransferInput['from']) => ('system' in ref ? 'system' : 'user');
  return `${side(input.from)}:${side(input.to)}`;
}

/**
 * Runs a transfer statement whose final clause returns one row when the transfer happened: no row
 * means the debit was not covered (`insufficientBalance`); a foreign-key failure means the credit
 * names a member that does not exist (accounts.user_id references users).
 */
async function runTransfer<R>(tx: Tx, name: string, statement: SQL): Promise<R> {
  let rows: R[];
  try {
    rows = await preparedRows<R>(tx, name, statement);
  } catch (error) {
    if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) return fail('receiverNotFound');
    throw error;
  }
  const row = rows[0];
  if (!row) return fail('insufficientBalance');
  return row;
}

/**
 * Moves `amount` of one asset between two accounts and records the transfer, in one statement.
 * Must run inside the caller's transaction so that the business rows commit with it.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<number> {
  const row = await runTransfer<{ id: string | number }>(
    tx,
    `transfer:${shapeOf(input)}`,
    sql`${movedCte(input)} select id from moved`,
  );
  return Number(row.id);
}

/** A condition the same statement checks before it moves anything, and its statement's name. */
export type Precondition = { name: string; condition: SQL };

/**
 * A transfer and the first answer to its Idempotency-Key in one autocommitted statement (one round
 * trip, no BEGIN/COMMIT): the key row is inserted from the transfer's own id, so either both commit
 * or neither does. A key used before fails the key's primary key and rolls the transfer back; the
 * caller replays the first answer then. With `precondition` (e.g. the caller's session is live),
 * nothing moves unless it holds, and the refusal is `unauthorized`.
 */
export async function transferWithAnswer(
  db: Tx,
  input: TransferInput,
  key: { userId: number; key: string; requestHash: string },
  precondition?: Precondition,
): Promise<{ transferId: string }> {
  const kept = sql`kept as (
      insert into idempotency_keys (user_id, key, request_hash, answer)
      select ${key.userId}, ${key.key}, ${key.requestHash}, jsonb_build_object('transferId', moved.id::text)
      from moved
      returning answer)`;
  if (!precondition) {
    const row = await runTransfer<{ answer: { transferId: string } }>(
      db,
      `transfer_with_answer:${shapeOf(input)}`,
      sql`${movedCte(input)}, ${kept} select answer from kept`,
    );
    return row.answer;
  }
  // Always one row: whether the precondition held, and the answer when the transfer happened.
  const row = await runTransfer<{ ok: boolean; answer: { transferId: string } | null }>(
    db,
    `transfer_with_answer:${precondition.name}:${shapeOf(input)}`,
    sql`${movedCte(input, precondition.condition)}, ${kept}
    select (select ok from allowed) as ok, (select answer from kept) as answer`,
  );
  if (!row.ok) return fail('unauthorized');
  if (!row.answer) return fail('insufficientBalance');
  return row.answer;
}
