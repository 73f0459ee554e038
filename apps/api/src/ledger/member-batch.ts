import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedQuery, statementText } from '../db/client.ts';
import { pgErrorOf } from '../db/errors.ts';
import { fail } from '../lib/errors.ts';
import type { AccountRef, TransferInput } from './accounts.ts';
import { JOURNAL_INSERTS, NEXT_ENTRY_ID, UNKNOWN_MEMBER } from './journal.ts';

type MemberAccount = Exclude<AccountRef, { system: unknown }>;

/** A transfer between two members' accounts (a gift): what `moveMemberTransfers` moves, an entry of one leg each. */
export type MemberTransferInput = TransferInput & { from: MemberAccount; to: MemberAccount };

/** A transfer between two members' accounts, as `MemberTransferInput`; any other is a bug. */
export function betweenMembers(input: TransferInput): MemberTransferInput {
  const { from, to } = input;
  if ('system' in from || 'system' in to) throw new Error('a member transfer moves between two members');
  return { ...input, from, to };
}

/**
 * What the caller's statement does around the ledger's part, in the same statement (money/ gives
 * it: the call's rate limit, session and Idempotency-Key). Each call is a row of `input` with the
 * transfer's columns and `columns`; `$1` is the statement's time.
 * - `checks`: CTEs after `input` that define `allowed (n, ok)`: a call moves only when `ok`;
 * - `after`: CTEs after `moved (id, idempotency_key)`, the transfers
 *   written by the journal (none when nothing moved; `input.transfer_key` is a call's, and its
 *   entry's key);
 * - `answer`: the statement's select, one row per call in the order of `n`.
 */
export type TransferGuard<C> = {
  name: string;
  columns: readonly (readonly [name: string, type: string])[];
  values: (call: C) => unknown[];
  checks: SQL;
  after: SQL;
  answer: SQL;
};

/** The guard's statements: its texts by size, built once each. */
export type GuardedStatements<C> = { db: Db; guard: TransferGuard<C>; texts: Map<number, string> };

/** The transfer's own columns of a call's row in the statement, with their types. */
const TRANSFER_COLUMNS = [
  ['n', 'int'],
  ['from_user', 'bigint'],
  ['from_kind', 'text'],
  ['to_user', 'bigint'],
  ['to_kind', 'text'],
  ['asset', 'text'],
  ['amount', 'bigint'],
  ['kind', 'text'],
  ['reference', 'text'],
  ['transfer_key', 'text'],
] as const;

/** A deadlock or serialization failure rolls the statement back whole: it is run again this often. */
const RETRIES = 3;
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * The text for `size` calls, built once (the planner sees how many rows come: one plan each size).
 * Every member named in a statement (sender or receiver) appears once, so no row is debited or
 * credited twice in it. Accounts are locked in one order for every statement (by member and asset,
 * before any of them changes; the guard's `checks` run first and lock in an order of their own), so
 * that two statements never wait on each other in a cycle. A transfer key used before, or an
 * unknown receiver, fails the whole statement: nothing of it commits.
 */
function statementOf<C>({ db, guard, texts }: GuardedStatements<C>, size: number): string {
  const known = texts.get(size);
  if (known) return known;
  const columns = [...TRANSFER_COLUMNS, ...guard.columns];
  const rows = Array.from({ length: size }, (_, n) => {
    const first = 2 + n * columns.length;
    return `(${columns.map(([, type], i) => `$${first + i}::${type}`).join(', ')})`;
  });
  const names = columns.map(([name]) => name).join(', ');
  const text = statementText(
    db,
    sql`with input (${sql.raw(names)}) as materialized (values ${sql.raw(rows.join(', '))}),
      ${guard.checks},
      locked as materialized (
        select a.id from accounts a
        where a.system is null
          and (a.user_id, a.asset, a.kind) in (
            select from_user, asset, from_kind from input union all select to_user, asset, to_kind from input)
          and (select count(*) from allowed) >= 0
        order by a.user_id, a.asset, a.kind
        for no key update of a),
      debit as (
        update accounts a set balance = a.balance - input.amount
        from input join allowed on allowed.n = input.n
        where a.user_id = input.from_user and a.system is null and a.asset = input.asset and a.kind = input.from_kind
          and a.balance >= input.amount and allowed.ok
          and (select count(*) from locked) >= 0
        returning input.n, a.id),
      credit as (
        insert into accounts (user_id, asset, kind, balance)
        select input.to_user, input.asset, input.to_kind, input.amount
        from input join debit on debit.n = input.n
        order by input.to_user, input.asset, input.to_kind
        on conflict on constraint accounts_owner_asset_kind
        do update set balance = accounts.balance + excluded.balance
        returning id, user_id, asset, kind),
      legs as (
        select ${NEXT_ENTRY_ID} as entry_id, input.n, input.asset, debit.id as debit_id, credit.id as credit_id,
          input.amount, input.kind, input.reference, input.transfer_key as leg_key
        from input join debit on debit.n = input.n
          join credit on credit.user_id = input.to_user and credit.asset = input.asset and credit.kind = input.to_kind),
      entries_in as (select entry_id as id, kind, leg_key as idempotency_key, reference from legs),
      ${JOURNAL_INSERTS},
      ${guard.after}
      ${guard.answer}`,
  );
  texts.set(size, text);
  return text;
}

/** The calls of `batch` in one autocommitted statement: a row of the guard's answer each, in order. */
async function moveBatch<C, R>(
  statements: GuardedStatements<C>,
  batch: { transfer: MemberTransferInput; call: C }[],
): Promise<R[]> {
  const params: unknown[] = [new Date().toISOString()];
  for (const [n, { transfer, call }] of batch.entries()) {
    params.push(
      n,
      transfer.from.userId,
      transfer.from.kind,
      transfer.to.userId,
      transfer.to.kind,
      transfer.asset,
      transfer.amount.toString(),
      transfer.kind,
      transfer.reference ?? null,
      transfer.idempotencyKey,
      ...statements.guard.values(call),
    );
  }
  return preparedQuery<R & object>(statements.db, `${statements.guard.name}:${batch.length}`, {
    sql: statementOf(statements, batch.length),
    params,
  }) as Promise<R[]>;
}

/**
 * Moves members' transfers in one statement with what their guard does around them (`TransferGuard`),
 * run again when the database chose it as a deadlock's or a serialization's victim.
 */
export async function moveMemberTransfers<C, R>(
  statements: GuardedStatements<C>,
  batch: { transfer: MemberTransferInput; call: C }[],
): Promise<R[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const rows = await moveBatch<C, R>(statements, batch);
      if (rows.length !== batch.length) throw new Error(`member transfers answered ${rows.length} of ${batch.length}`);
      return rows;
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (attempt > RETRIES || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** One call alone; an unknown receiver (the credit's foreign key on users) is `receiverNotFound`. */
export async function moveMemberTransfer<C, R>(
  statements: GuardedStatements<C>,
  one: { transfer: MemberTransferInput; call: C },
): Promise<R> {
  try {
    return (await moveMemberTransfers<C, R>(statements, [one]))[0] as R;
  } catch (error) {
    if (pgErrorOf(error)?.constraint === UNKNOWN_MEMBER) return fail('receiverNotFound');
    throw error;
  }
}
