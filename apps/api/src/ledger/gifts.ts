import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedQuery, statementText } from '../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf } from '../db/errors.ts';
import { fail } from '../lib/errors.ts';
import { upsertHits } from '../lib/limits.ts';
import type { AccountRef, TransferInput } from './accounts.ts';

type MemberAccount = Exclude<AccountRef, { system: unknown }>;

/**
 * One member-to-member transfer asked by a member's call (a gift), with what its statement also
 * does: count the call on the member's rate-limit window, check that the caller's session is live,
 * and keep the call's first answer under its Idempotency-Key.
 */
export type MemberTransfer = {
  transfer: TransferInput & { from: MemberAccount; to: MemberAccount };
  /** The Idempotency-Key row: its member, key and the hash of the request it answers. */
  key: { userId: number; key: string; requestHash: string };
  /** The window the call counts on (its key, start and end) and the most hits it allows. */
  limit: { key: string; start: Date; end: Date; max: number };
  /** The caller's session, checked live at the statement's own time. */
  session: { id: string; userId: number };
};

/** A transfer between two members' accounts, as `MemberTransfer` takes it; any other is a bug. */
export function betweenMembers(input: TransferInput): MemberTransfer['transfer'] {
  const { from, to } = input;
  if ('system' in from || 'system' in to) throw new Error('a member transfer moves between two members');
  return { ...input, from, to };
}

/**
 * What the statement answered for one call: the limit's count after it (`within` when not past
 * it), whether the session was live, `ok` when both held, and the key's answer when money moved
 * (null when a check failed or the debit was not covered).
 */
export type MemberTransferRow = {
  within: boolean;
  live: boolean;
  ok: boolean;
  hits: string;
  expiresAt: string | Date;
  answer: { transferId: string } | null;
};

/**
 * The condition that a session is live (modules/auth's `sessionIsLive`, given by the caller: the
 * ledger knows no sessions), of a session id, a member id and a time the statement reads.
 */
export type SessionIsLive = (sessionId: SQL, userId: SQL, now: SQL) => SQL;

/** What the statements of one `memberTransfers` share: their session check and texts by size. */
type Statements = { db: Db; sessionIsLive: SessionIsLive; texts: Map<number, string> };

/** Most calls one statement moves. */
const MOST_PER_STATEMENT = 64;
/** A deadlock or serialization failure rolls the statement back whole: it is run again this often. */
const RETRIES = 3;
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * The calls of `batch` in one autocommitted statement. Every member named in it (sender or
 * receiver) appears once, so no row is counted, debited or credited twice in it. Each call's hit
 * is counted whatever happens next; its transfer and key row are written only if its checks hold
 * and its sender's balance covers it. Rows are locked in one order for every statement (the
 * limits' rows by key, then the accounts by member and asset, before any of them changes), so that
 * two statements never wait on each other in a cycle. A key answered before, or an unknown
 * receiver, fails the whole statement: nothing of it commits.
 */
async function moveBatch(statements: Statements, batch: MemberTransfer[]): Promise<MemberTransferRow[]> {
  const params: unknown[] = [new Date().toISOString()];
  for (const [n, call] of batch.entries()) {
    const { transfer, key, limit, session } = call;
    params.push(
      n,
      limit.key,
      limit.start.toISOString(),
      limit.end.toISOString(),
      limit.max,
      session.id,
      session.userId,
      transfer.from.userId,
      transfer.from.kind,
      transfer.to.userId,
      transfer.to.kind,
      transfer.asset,
      transfer.amount.toString(),
      transfer.kind,
      transfer.reference ?? null,
      transfer.idempotencyKey,
      key.userId,
      key.key,
      key.requestHash,
    );
  }
  return preparedQuery<MemberTransferRow>(statements.db, `member_transfers:${batch.length}`, {
    sql: statementOf(statements, batch.length),
    params,
  });
}

/** The columns of a call's row in the statement, with their types. */
const INPUT_COLUMNS = [
  ['n', 'int'],
  ['limit_key', 'text'],
  ['window_start', 'timestamptz'],
  ['expires_at', 'timestamptz'],
  ['max_hits', 'bigint'],
  ['session_id', 'uuid'],
  ['caller_id', 'bigint'],
  ['from_user', 'bigint'],
  ['from_kind', 'text'],
  ['to_user', 'bigint'],
  ['to_kind', 'text'],
  ['asset', 'text'],
  ['amount', 'bigint'],
  ['kind', 'text'],
  ['reference', 'text'],
  ['transfer_key', 'text'],
  ['key_user', 'bigint'],
  ['key', 'text'],
  ['request_hash', 'text'],
] as const;

/**
 * The text for `size` calls, built once (the planner sees how many rows come: one plan each size).
 * `$1` is the statement's time; the calls' values follow, a row of `INPUT_COLUMNS` each.
 */
function statementOf({ db, sessionIsLive, texts }: Statements, size: number): string {
  const known = texts.get(size);
  if (known) return known;
  const rows = Array.from({ length: size }, (_, n) => {
    const first = 2 + n * INPUT_COLUMNS.length;
    return `(${INPUT_COLUMNS.map(([, type], i) => `$${first + i}::${type}`).join(', ')})`;
  });
  const names = INPUT_COLUMNS.map(([name]) => name).join(', ');
  const counted = upsertHits(
    sql`select limit_key, window_start, expires_at, 1 from input order by limit_key`,
    sql`key, hits, expires_at`,
  );
  const text = statementText(
    db,
    sql`with input (${sql.raw(names)}) as materialized (values ${sql.raw(rows.join(', '))}),
      counted as (${counted}),
      allowed as materialized (
        select input.n, counted.hits <= input.max_hits as within,
          ${sessionIsLive(sql`input.session_id`, sql`input.caller_id`, sql.raw('$1::timestamptz'))} as live
        from input join counted on counted.key = input.limit_key),
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
          and a.balance >= input.amount and allowed.within and allowed.live
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
      moved as (
        insert into transfers (asset, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
        select input.asset, debit.id, credit.id, input.amount, input.kind, input.reference, input.transfer_key
        from input join debit on debit.n = input.n
          join credit on credit.user_id = input.to_user and credit.asset = input.asset and credit.kind = input.to_kind
        order by input.n
        returning id, idempotency_key),
      kept as (
        insert into idempotency_keys (user_id, key, request_hash, answer)
        select input.key_user, input.key, input.request_hash, jsonb_build_object('transferId', moved.id::text)
        from input join moved on moved.idempotency_key = input.transfer_key
        returning user_id, key, answer)
      select allowed.within, allowed.live, allowed.within and allowed.live as ok,
        counted.hits::text as hits, counted.expires_at as "expiresAt", kept.answer
      from input join allowed on allowed.n = input.n join counted on counted.key = input.limit_key
        left join kept on kept.user_id = input.key_user and kept.key = input.key
      order by input.n`,
  );
  texts.set(size, text);
  return text;
}

/** `moveBatch`, run again when the database chose it as a deadlock's or a serialization's victim. */
async function moveWithRetries(statements: Statements, batch: MemberTransfer[]): Promise<MemberTransferRow[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const rows = await moveBatch(statements, batch);
      if (rows.length !== batch.length) throw new Error(`member transfers answered ${rows.length} of ${batch.length}`);
      return rows;
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (attempt > RETRIES || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** One call alone; an unknown receiver (the credit's foreign key on users) is `receiverNotFound`. */
async function moveOne(statements: Statements, call: MemberTransfer): Promise<MemberTransferRow> {
  try {
    return (await moveWithRetries(statements, [call]))[0] as MemberTransferRow;
  } catch (error) {
    if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) return fail('receiverNotFound');
    throw error;
  }
}

type Waiting = {
  call: MemberTransfer;
  resolve: (row: MemberTransferRow) => void;
  reject: (error: unknown) => void;
  /** Statements formed while it waited with a member in a running one. */
  passed: number;
};

/** How often a call may be passed over before its members wait for it. */
const PASSES_BEFORE_HOLD = 3;

/**
 * Moves members' transfers, each in a statement with its count, session check and key row
 * (`moveBatch`). While `inFlight` statements are running, the calls that arrive wait and go
 * together in the next one (one that names a member already in it, or in a running one, waits for
 * a later one): under load, one round trip, one commit and one set of locks serve many calls;
 * alone, a call goes at once. When a statement of several fails as a whole (a repeated key, an unknown receiver), each of
 * its calls runs again alone, so that one call's failure is never another's. `onStatement` hears
 * the calls of each statement.
 */
export function memberTransfers(
  db: Db,
  options: { inFlight: number; sessionIsLive: SessionIsLive; onStatement?: (calls: MemberTransfer[]) => void },
) {
  const statements: Statements = { db, sessionIsLive: options.sessionIsLive, texts: new Map() };
  const waiting: Waiting[] = [];
  let running = 0;

  /** Members of the calls in running statements: a call that names one waits for the next. */
  const busy = new Set<number>();

  /**
   * The next statement's calls: from the oldest on, each whose members are neither in it yet nor
   * in a running statement (which would only hold this one on its locks until it commits). A call
   * passed over `PASSES_BEFORE_HOLD` times holds its members from then on: no later call naming
   * one of them passes it again, so none waits for ever behind a busy member's newer calls.
   */
  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    // Members of this statement's calls (older than any call after them in the queue), and of
    // calls passed over too often.
    const taken = new Set<number>();
    for (let i = 0; i < waiting.length && batch.length < MOST_PER_STATEMENT; ) {
      const entry = waiting[i] as Waiting;
      const members = [entry.call.transfer.from.userId, entry.call.transfer.to.userId];
      if (members.some((member) => busy.has(member))) {
        entry.passed += 1;
        if (entry.passed >= PASSES_BEFORE_HOLD) for (const member of members) taken.add(member);
        i += 1;
      } else if (members.some((member) => taken.has(member))) {
        i += 1;
      } else {
        for (const member of members) taken.add(member);
        batch.push(entry);
        waiting.splice(i, 1);
      }
    }
    for (const { call } of batch) {
      busy.add(call.transfer.from.userId);
      busy.add(call.transfer.to.userId);
    }
    return batch;
  }

  function release(batch: Waiting[]) {
    for (const { call } of batch) {
      busy.delete(call.transfer.from.userId);
      busy.delete(call.transfer.to.userId);
    }
  }

  async function run(batch: Waiting[]) {
    options.onStatement?.(batch.map((entry) => entry.call));
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await moveOne(statements, only.call).then(only.resolve, only.reject);
      return;
    }
    let rows: MemberTransferRow[];
    try {
      rows = await moveWithRetries(
        statements,
        batch.map((entry) => entry.call),
      );
    } catch {
      await Promise.all(batch.map((entry) => moveOne(statements, entry.call).then(entry.resolve, entry.reject)));
      return;
    }
    for (const [i, entry] of batch.entries()) entry.resolve(rows[i] as MemberTransferRow);
  }

  function pump() {
    while (running < options.inFlight && waiting.length > 0) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      running += 1;
      void run(batch).finally(() => {
        running -= 1;
        release(batch);
        pump();
      });
    }
  }

  return (call: MemberTransfer): Promise<MemberTransferRow> =>
    new Promise((resolve, reject) => {
      waiting.push({ call, resolve, reject, passed: 0 });
      pump();
    });
}
