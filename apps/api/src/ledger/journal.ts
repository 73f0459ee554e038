import { ASSETS, type Asset } from '@minecloud/contract/amount';
import { type SQL, sql } from 'drizzle-orm';
import { preparedRows, type Tx } from '../db/client.ts';
import { pgErrorOf } from '../db/errors.ts';
import { fail } from '../lib/errors.ts';
import { type AccountRef, SYSTEM_ACCOUNTS, type SystemAccount, type TransferKind } from './accounts.ts';

/**
 * The journal (docs/architecture.md, "The journal"). Money moves only as an entry: one `entries`
 * row (its kind, its idempotency key, its reference) and its legs, the `transfers` rows carrying
 * its id, each moving one asset from one account to another. A leg is balanced by its shape and
 * the database refuses a leg whose accounts hold another asset (migration 0045), so every entry's
 * legs sum to zero per asset; the ledger check proves it again (check.ts).
 *
 * Every statement that moves money ends in `JOURNAL_INSERTS`, the one place that writes entries and
 * transfers: `post` for one entry, ledger/member-batch.ts for many members' entries at once, and
 * ledger/bulk.ts for credits computed by a query.
 */

/** One leg: `amount` of `asset` from one account to another. */
export type Leg = {
  asset: Asset;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  /** The leg's kind when it differs from its entry's (a purchase's referral reward). */
  kind?: TransferKind;
  reference?: string;
  /** Unique among all legs; an entry of one leg uses the entry's key. */
  key?: string;
};

/**
 * An entry: its legs, or the one leg written inline (a single move). `idempotencyKey` is unique per
 * entry: the same key twice is a bug in the caller, and aborts the transaction.
 */
export type Entry = { kind: TransferKind; idempotencyKey: string; reference?: string } & (
  | { legs: Leg[] }
  | Omit<Leg, 'kind' | 'key' | 'reference'>
);

/**
 * The journal's end of a statement, after two CTEs: `entries_in (id, kind, idempotency_key,
 * reference)`, the entries, and `legs`, their legs, with the columns `entry_id`, `n` (the legs'
 * order), `asset`, `debit_id`, `credit_id`, `amount`, `kind`, `reference` and `leg_key`. It writes
 * both, and answers the legs in the CTE `moved (id, idempotency_key)` for
 * the statement's final clause. Both inserts commit or fail together, with the rest of the
 * statement (a leg's key or an entry's key used before fails it whole).
 */
export const JOURNAL_INSERTS = sql`entered as (
      insert into entries (id, kind, idempotency_key, reference)
      select id, kind, idempotency_key, reference from entries_in)
    , moved as (
      insert into transfers (entry_id, asset, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
      select entry_id, asset, debit_id, credit_id, amount, kind, reference, leg_key from legs order by n
      returning id, idempotency_key)`;

/** A new entry's id, drawn once per evaluation (a statement draws one per entry it writes). */
export const NEXT_ENTRY_ID = sql`nextval('entries_id_seq')`;

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
 * It is null when the account is missing, which fails the leg's not-null debit or credit: the
 * whole statement, never half of it.
 */
function systemAccountId(system: SystemAccount, asset: SQL | string): SQL {
  return sql`(select id from accounts where user_id is null and system = ${system} and asset = ${asset} and kind = ${system})`;
}

type MemberRef = Exclude<AccountRef, { system: unknown }>;
const isMember = (ref: AccountRef): ref is MemberRef => !('system' in ref);
const memberAccountKey = (ref: MemberRef, asset: Asset) => `${ref.userId}:${ref.kind}:${asset}`;

type PlannedLeg = Omit<Leg, 'kind' | 'reference' | 'key'> & {
  kind: TransferKind;
  reference: string | null;
  key: string;
};

/** The legs of an entry, each with its kind, reference and key filled in. */
function legsOf(entry: Entry): PlannedLeg[] {
  const legs = 'legs' in entry ? entry.legs : [entry];
  if (legs.length === 0) throw new Error(`entry ${entry.idempotencyKey} has no leg`);
  return legs.map((leg, n) => {
    if (leg.amount <= 0n) throw new Error(`leg amount must be positive, got ${leg.amount}`);
    return {
      ...leg,
      kind: ('kind' in leg && leg.kind) || entry.kind,
      reference: ('reference' in leg && leg.reference) || entry.reference || null,
      key: ('key' in leg && leg.key) || (legs.length === 1 ? entry.idempotencyKey : `${entry.idempotencyKey}:${n}`),
    };
  });
}

/**
 * The member account an entry debits, and by how much in all. At most one: its debit is the
 * entry's only condition (its balance covers every leg from it, or nothing of the entry happens),
 * and a member account credited by two legs would be written twice by one statement.
 */
function memberDebitOf(legs: PlannedLeg[]): { ref: MemberRef; asset: Asset; total: bigint } | null {
  const debits = legs.filter((leg): leg is PlannedLeg & { from: MemberRef } => isMember(leg.from));
  const accounts = new Set(debits.map((leg) => memberAccountKey(leg.from, leg.asset)));
  if (accounts.size > 1) throw new Error('an entry debits at most one member account');
  const credited = legs.flatMap((leg) => (isMember(leg.to) ? [memberAccountKey(leg.to, leg.asset)] : []));
  if (new Set(credited).size !== credited.length) throw new Error('an entry credits a member account twice');
  const [first] = debits;
  if (!first) return null;
  if (credited.some((account) => accounts.has(account))) {
    throw new Error('an entry does not credit the member account it debits');
  }
  return { ref: first.from, asset: first.asset, total: debits.reduce((sum, leg) => sum + leg.amount, 0n) };
}

/** What the text of an entry's statement depends on (everything else is a bound value). */
function shapeOf(legs: PlannedLeg[]): string {
  const side = (ref: AccountRef) => (isMember(ref) ? 'member' : 'system');
  return legs.map((leg) => `${side(leg.from)}>${side(leg.to)}`).join(',');
}

/**
 * The statement of one entry: the member debit first when there is one (`gate`: nothing else runs
 * without it), then each leg's credit, then the journal's inserts.
 */
function entryStatement(entry: Entry, legs: PlannedLeg[]): SQL {
  const debit = memberDebitOf(legs);
  const ctes: SQL[] = [sql`entry as materialized (select ${NEXT_ENTRY_ID} as id)`];
  if (debit) {
    const total = debit.total.toString();
    ctes.push(sql`debit as (
      update accounts set balance = balance - ${total}::bigint
      where user_id = ${debit.ref.userId} and system is null and asset = ${debit.asset}
        and kind = ${debit.ref.kind} and balance >= ${total}::bigint
      returning id)`);
  }
  const gate = debit ? sql`debit` : sql`entry`;
  const rows: SQL[] = [];
  for (const [n, leg] of legs.entries()) {
    const credit = sql.identifier(`credit_${n}`);
    const amount = leg.amount.toString();
    ctes.push(
      isMember(leg.to)
        ? sql`${credit} as (
            insert into accounts (user_id, asset, kind, balance)
            select ${leg.to.userId}, ${leg.asset}, ${leg.to.kind}, ${amount}::bigint from ${gate}
            on conflict on constraint accounts_owner_asset_kind
            do update set balance = accounts.balance + excluded.balance
            returning id)`
        : sql`${credit} as (select ${systemAccountId(leg.to.system, leg.asset)} as id from ${gate})`,
    );
    const debitId = isMember(leg.from) ? sql`(select id from debit)` : systemAccountId(leg.from.system, leg.asset);
    rows.push(
      sql`select entry.id, ${n}::int, ${leg.asset}::text, ${debitId}, ${credit}.id, ${amount}::bigint, ${leg.kind}::text,
          ${leg.reference}::text, ${leg.key}::text
        from ${credit}, entry`,
    );
  }
  ctes.push(sql`legs (entry_id, n, asset, debit_id, credit_id, amount, kind, reference, leg_key) as (
      ${sql.join(rows, sql` union all `)})`);
  ctes.push(sql`entries_in as (
      select entry.id, ${entry.kind}::text as kind, ${entry.idempotencyKey}::text as idempotency_key,
        ${entry.reference ?? null}::text as reference
      from entry where exists (select from legs))`);
  ctes.push(JOURNAL_INSERTS);
  return sql`with ${sql.join(ctes, sql`, `)} select id, idempotency_key from moved`;
}

/** The transfer ids of an entry's legs, in the legs' order (one at least). */
export type LegIds = [number, ...number[]];

/** The foreign key that refuses a member account of a member who does not exist. */
export const UNKNOWN_MEMBER = 'accounts_user_id_users_id_fk';

/**
 * Posts one entry in one statement, in the caller's transaction (its business rows commit with it),
 * and answers its legs' transfer ids in the legs' order. Nothing of the entry happens unless the
 * member account it debits (if any) covers every leg from it: `insufficientBalance`. A credit to a
 * member who does not exist (accounts.user_id references users) is `receiverNotFound`.
 */
export async function post(tx: Tx, entry: Entry): Promise<LegIds> {
  const legs = legsOf(entry);
  let rows: { id: string | number; idempotency_key: string }[];
  try {
    rows = await preparedRows(tx, `post:${shapeOf(legs)}`, entryStatement(entry, legs));
  } catch (error) {
    if (pgErrorOf(error)?.constraint === UNKNOWN_MEMBER) return fail('receiverNotFound');
    throw error;
  }
  if (rows.length === 0) return fail('insufficientBalance');
  if (rows.length !== legs.length)
    throw new Error(`entry ${entry.idempotencyKey} wrote ${rows.length} of ${legs.length} legs`);
  const ids = new Map(rows.map((row) => [row.idempotency_key, Number(row.id)]));
  return legs.map((leg) => ids.get(leg.key) as number) as LegIds;
}
