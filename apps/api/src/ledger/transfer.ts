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
function movedCte(input: TransferInput): SQL {
  if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  const amount = input.amount.toString();
  const { asset } = input;

  const debit: SQL =
    'system' in input.from
      ? sql`select ${systemAccountId(input.from.system, asset)} as id`
      : sql`update accounts set balance = balance - ${amount}::bigint
            where user_id = ${input.from.userId} and system is null and asset = ${asset}
              and kind = ${input.from.kind} and balance >= ${amount}::bigint
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

/** The rows of a transfer statement; a foreign-key failure means the credit names a member that does not exist (accounts.user_id references users). */
async function transferRows<R>(tx: Tx, name: string, statement: SQL): Promise<R[]> {
  try {
    return await preparedRows<R>(tx, name, statement);
  } catch (error) {
    if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) return fail('receiverNotFound');
    throw error;
  }
}

/**
 * Runs a transfer statement whose final clause returns one row when the transfer happened: no row
 * means the debit was not covered (`insufficientBalance`).
 */
async function runTransfer<R>(tx: Tx, name: string, statement: SQL): Promise<R> {
  const [row] = await transferRows<R>(tx, name, statement);
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

/**
 * What a transfer statement checks before it moves anything, and the name of its statement (one
 * name per text). `checks` are conditions, each read once: nothing moves unless all hold, and the
 * statement's row answers each by its name. `first`, when given, are CTEs that run whatever the
 * checks say and commit with the statement even when nothing moves (a rate-limit count); the checks
 * and `columns` (more columns of the row, each written `, expression as name`) may read them.
 */
export type Precondition = { name: string; checks: Record<string, SQL>; first?: SQL; columns?: SQL };

/** The row of a checked statement: each check by its name, `ok` when all held, and the `columns`. */
export type CheckedRow = { ok: boolean };

/** The CTE `allowed`: the precondition's checks read once, each by its name, and `ok`. */
function allowedCte({ checks }: Precondition): SQL {
  const names = Object.keys(checks);
  const each = names.map((name) => sql`(${checks[name]}) as ${sql.identifier(name)}`);
  const all = names.map((name) => sql`checks.${sql.identifier(name)}`);
  // `offset 0` keeps the subquery whole: flattened, each check would run again for `ok`.
  return sql`allowed as (select checks.*, (${names.length ? sql.join(all, sql` and `) : sql`true`}) as ok
    from (select ${sql.join(each, sql`, `)} offset 0) as checks)`;
}

/** `first` (when given) and `allowed`, the CTEs that a checked statement starts with. */
function gateOf(precondition: Precondition): SQL {
  return precondition.first ? sql`${precondition.first}, ${allowedCte(precondition)}` : allowedCte(precondition);
}

/**
 * The precondition alone, in one statement (its `first` runs too): the row a checked transfer would
 * have answered, for a request that failed before its transfer or with it.
 */
export async function checkedRow<R extends CheckedRow>(db: Tx, precondition: Precondition): Promise<R> {
  const [row] = await preparedRows<R>(
    db,
    `checked:${precondition.name}`,
    sql`with ${gateOf(precondition)} select allowed.*${precondition.columns ?? sql``} from allowed`,
  );
  if (!row) throw new Error(`precondition ${precondition.name} answered no row`);
  return row;
}
