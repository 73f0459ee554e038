import { ASSETS } from '@minecloud/contract/amount';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf } from '../db/errors.ts';
import { fail } from '../lib/errors.ts';
import { type AccountRef, SYSTEM_ACCOUNTS, type SystemAccount, type TransferInput } from './accounts.ts';

/** A database handle inside a transaction (or the pool, for single statements). */
export type Tx = Pick<Db, 'execute'>;

const systemIds = new WeakMap<object, Map<string, number>>();

/**
 * Creates every system account once, outside any business transaction (so that no cached id can
 * come from a rolled-back insert), and remembers their ids for this database.
 */
export async function ensureSystemAccounts(db: Tx & object): Promise<void> {
  const values = SYSTEM_ACCOUNTS.flatMap((system) => ASSETS.map((asset) => sql`(${system}, ${asset}, ${system})`));
  await db.execute(
    sql`insert into accounts (system, asset, kind) values ${sql.join(values, sql`, `)} on conflict on constraint accounts_owner_asset_kind do nothing`,
  );
  const rows = await queryRows<{ id: string | number; system: string; asset: string }>(
    db,
    sql`select id, system, asset from accounts where system is not null`,
  );
  systemIds.set(db, new Map(rows.map((r) => [`${r.system}:${r.asset}`, Number(r.id)])));
}

function systemAccountId(db: object, system: SystemAccount, asset: string): number {
  const id = systemIds.get(db)?.get(`${system}:${asset}`);
  if (!id) throw new Error(`system account ${system}:${asset} unknown: call ensureSystemAccounts at start-up`);
  return id;
}

/**
 * The statement that moves `amount` of one asset from one account to another and records the
 * transfer: the debit of a user account happens only if its balance covers it (else nothing at all
 * happens), the credit only if the debit did. It ends in the CTE `moved` (the new transfer's id), for
 * the caller's final clause to read.
 */
function movedCte(db: object, input: TransferInput): SQL {
  if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  const amount = input.amount.toString();
  const { asset } = input;

  const debit: SQL =
    'system' in input.from
      ? sql`select ${systemAccountId(db, input.from.system, asset)}::bigint as id`
      : sql`update accounts set balance = balance - ${amount}::bigint
            where user_id = ${input.from.userId} and system is null and asset = ${asset}
              and kind = ${input.from.kind} and balance >= ${amount}::bigint
            returning id`;
  const credit: SQL =
    'system' in input.to
      ? sql`select ${systemAccountId(db, input.to.system, asset)}::bigint as id from debit`
      : sql`insert into accounts (user_id, asset, kind, balance)
            select ${input.to.userId}, ${asset}, ${input.to.kind}, ${amount}::bigint from debit
            on conflict on constraint accounts_owner_asset_kind
            do update set balance = accounts.balance + excluded.balance
            returning id`;
  return sql`
    with debit as (${debit}), credit as (${credit}),
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
export async function transfer(tx: Tx, db: object, input: TransferInput): Promise<number> {
  const row = await runTransfer<{ id: string | number }>(
    tx,
    `transfer:${shapeOf(input)}`,
    sql`${movedCte(db, input)} select id from moved`,
  );
  return Number(row.id);
}

/**
 * A transfer and the first answer to its Idempotency-Key in one autocommitted statement (one round
 * trip, no BEGIN/COMMIT): the key row is inserted from the transfer's own id, so either both commit
 * or neither does. A key used before fails the key's primary key and rolls the transfer back; the
 * caller replays the first answer then.
 */
export async function transferWithAnswer(
  db: Tx & object,
  input: TransferInput,
  key: { userId: number; key: string; requestHash: string },
): Promise<{ transferId: string }> {
  const row = await runTransfer<{ answer: { transferId: string } }>(
    db,
    `transfer_with_answer:${shapeOf(input)}`,
    sql`${movedCte(db, input)},
    kept as (
      insert into idempotency_keys (user_id, key, request_hash, answer)
      select ${key.userId}, ${key.key}, ${key.requestHash}, jsonb_build_object('transferId', moved.id::text)
      from moved
      returning answer)
    select answer from kept`,
  );
  return row.answer;
}

export function sameAccount(a: AccountRef, b: AccountRef): boolean {
  if ('system' in a || 'system' in b) return 'system' in a && 'system' in b && a.system === b.system;
  return a.userId === b.userId && a.kind === b.kind;
}
