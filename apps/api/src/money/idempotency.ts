import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type JobContext, queryRows, type TxDb } from '../db/client.ts';
import { pgErrorOf, UNIQUE_VIOLATION } from '../db/errors.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { TransferInput } from '../ledger/accounts.ts';
import { AppError } from '../lib/errors.ts';
import { getSetting } from '../modules/config/settings.ts';
import { type CheckedRow, checkedRow, type Precondition } from './precondition.ts';

/** What an Idempotency-Key may be; a route that requires one names it in its config (lib/openapi.ts). */
export const KEY_PATTERN = /^[\w.:-]{8,128}$/;

/** The Idempotency-Key header of a money POST (docs/api.md, "Idempotency-Key on money calls"); required, 8–128 safe characters. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('badRequest', 'Idempotency-Key');
  return value;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

class Replay extends Error {}

/** What one Idempotency-Key is of: its member, the key, the call's route and its body. */
export type KeyScope = { userId: number; key: string; route: string; body: unknown };

function requestHashOf(scope: KeyScope): string {
  return createHash('sha256')
    .update(`${scope.route}\n${canonical(scope.body)}`)
    .digest('hex');
}

/**
 * The transfer key of each leg of a call: route, member, Idempotency-Key and leg, so that a repeat's
 * transfers collide with the first call's. `era` sets apart a key used again after the prune forgot
 * it (pruneIdempotencyKeys): the first use's transfers stay for good (migration 0016) and would
 * refuse the new call's. Keys never hold a `~` (KEY_PATTERN), so no other key's legs can match.
 */
function legKeys(scope: KeyScope, era?: string): (leg: string) => string {
  const key = era ? `${scope.key}~${era}` : scope.key;
  return (leg) => `${scope.route}:${scope.userId}:${key}:${leg}`;
}

/** The unique keys a repeat of a call's entries collides on: the entry's and its legs' (ledger/journal.ts). */
const LEDGER_KEYS = new Set(['entries_idempotency_key_unique', 'transfers_idempotency_key_unique']);
const takesLedgerKey = (error: unknown) => LEDGER_KEYS.has(pgErrorOf(error)?.constraint ?? '');

/**
 * Whether a call failed on a leg's transfer key that an unanswered key holds: its key was used
 * before and forgotten after the replay window, and this is a new call. A concurrent repeat that
 * took the transfer key committed its key row with it, so it is found here and replayed instead.
 */
async function forgottenKey(db: Db, scope: KeyScope, error: unknown): Promise<boolean> {
  return takesLedgerKey(error) && !(await keyAnswered(db, scope));
}

async function keyAnswered(db: Db, scope: KeyScope): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
  return Boolean(row);
}

/**
 * After a failed attempt: when another request with this key committed first (its transfer key or
 * its key row won), answer as it did, whatever this attempt ran into; otherwise rethrow.
 */
async function replayAfter<T>(db: Db, scope: KeyScope, requestHash: string, error: unknown): Promise<T> {
  const replayable =
    error instanceof Replay || error instanceof AppError || pgErrorOf(error)?.code === UNIQUE_VIOLATION;
  if (!replayable) throw error;
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
  if (!first) throw error instanceof Replay ? new AppError('conflict') : error;
  if (first.requestHash !== requestHash) throw new AppError('conflict');
  return first.answer as T;
}

/** A call whose work runs in one transaction with its key row; `before` (optional): see `claimedFirst`. */
export type WorkCall<T> = {
  work: (tx: TxDb, legKey: (leg: string) => string) => Promise<T>;
  before?: (tx: TxDb) => Promise<void>;
};

/** A call that is exactly one transfer, planned by `transfer` and moved with its key by `gate` in one statement. */
export type TransferCall<R extends CheckedRow> = {
  transfer: (legKey: (leg: string) => string) => Promise<TransferInput>;
  gate: Gate<R>;
};

/**
 * Runs a money call once per (member, key): every repeat, even one sent at the same moment, gets
 * the committed answer, and a repeat with another body is refused with 409. A failed call leaves no
 * key, so it may be retried. A key the prune forgot is a new call: its first attempt meets the old
 * call's entry keys, and it runs again under keys of its own. Two ways, one promise:
 * - `work` (WorkCall): the key row is written with the answer at the end of the call's own
 *   transaction, so only one of any concurrent repeats can commit; the others roll back and
 *   replay the committed answer. With `before` (writes that must stay even if the work fails: an
 *   email code spent, a wrong try counted), the key is claimed first: see `claimedFirst`.
 * - `transfer` (TransferCall): the transfer and its key row are one statement: see `transferOnce`.
 */
export function oncePerKey<T>(db: Db, scope: KeyScope, call: WorkCall<T>): Promise<T>;
export function oncePerKey<R extends CheckedRow>(
  db: Db,
  scope: KeyScope,
  call: TransferCall<R>,
): Promise<{ transferId: string }>;
export function oncePerKey(db: Db, scope: KeyScope, call: WorkCall<unknown> | TransferCall<CheckedRow>) {
  return 'transfer' in call ? transferOnce(db, scope, call) : workOnce(db, scope, call);
}

async function workOnce<T>(db: Db, scope: KeyScope, { work, before }: WorkCall<T>): Promise<T> {
  const requestHash = requestHashOf(scope);
  if (before) return claimedFirst(db, scope, requestHash, before, work);
  const attempt = (legKey: (leg: string) => string) =>
    db.transaction(async (tx) => {
      const answer = await work(tx, legKey);
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: scope.userId, key: scope.key, requestHash, answer: sql`${JSON.stringify(answer)}::jsonb` })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new Replay();
      return answer;
    });
  try {
    try {
      return await attempt(legKeys(scope));
    } catch (error) {
      if (!(await forgottenKey(db, scope, error))) throw error;
      return await attempt(legKeys(scope, randomUUID()));
    }
  } catch (error) {
    return replayAfter(db, scope, requestHash, error);
  }
}

type Claimed<T> = { answer: T } | { refused: unknown } | { answered: true };

/**
 * `oncePerKey` of a call whose `before` has an effect of its own: the key is claimed before it. One
 * transaction inserts the key row first, then runs `before` and the work (in a savepoint), then
 * writes the answer into the row. A concurrent repeat's insert of the same key waits for that
 * transaction (PostgreSQL makes an insert wait for an uncommitted row of the same unique key; PGlite
 * runs one transaction at a time), then finds the committed row and replays its answer: it never
 * runs `before`, so it cannot spend the code the first call spent and answer "already used".
 * When `before` or the work is refused, `before`'s writes commit (the work's are rolled back with
 * its savepoint) and the key row is taken back, so a retry is a new call.
 */
async function claimedFirst<T>(
  db: Db,
  scope: KeyScope,
  requestHash: string,
  before: (tx: TxDb) => Promise<void>,
  work: (tx: TxDb, legKey: (leg: string) => string) => Promise<T>,
): Promise<T> {
  const thisKey = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));
  const outcome = await db.transaction(async (tx): Promise<Claimed<T>> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, requestHash, answer: null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return { answered: true };
    const refused = async (error: unknown): Promise<Claimed<T>> => {
      await tx.delete(idempotencyKeys).where(thisKey);
      return { refused: error };
    };
    try {
      await before(tx);
    } catch (error) {
      // A refusal is an answer: what `before` counted stays. Anything else rolls the call back.
      if (!(error instanceof AppError)) throw error;
      return refused(error);
    }
    const attempt = (era?: string) => tx.transaction((savepoint) => work(savepoint, legKeys(scope, era)));
    let answer: T;
    try {
      answer = await attempt().catch((error) => {
        // This transaction holds the key row, so no answered call does: a leg's transfer key that
        // is taken belongs to a call the prune forgot (legKeys), and this is a new call.
        if (!takesLedgerKey(error)) throw error;
        return attempt(randomUUID());
      });
    } catch (error) {
      return refused(error);
    }
    await tx
      .update(idempotencyKeys)
      .set({ answer: sql`${JSON.stringify(answer)}::jsonb` })
      .where(thisKey);
    return { answer };
  });
  if ('answer' in outcome) return outcome.answer;
  if ('refused' in outcome) throw outcome.refused;
  return replayAfter(db, scope, requestHash, new Replay());
}

/**
 * The checks of a transfer that a member's call asks for: `move` moves it with its key row in one
 * statement that also reads the checks (the caller's session is live, its rate limit not reached);
 * `precondition` (built only when needed) reads them alone, for a call that failed before its
 * statement or with it; `settle`
 * throws the refusal of a check that failed (and may set headers), before anything is answered.
 */
export type Gate<R extends CheckedRow> = {
  move: (input: TransferInput, key: { userId: number; key: string; requestHash: string }) => Promise<R & Moved>;
  precondition: () => Precondition;
  settle: (row: R) => void;
};

type Moved = { answer: { transferId: string } | null };

/**
 * `oncePerKey` of an operation that is exactly one transfer (a gift): the transfer and its key row
 * are one statement, one round trip to the database instead of four (`gate.move`). When the
 * request fails before it or with it, nothing of it committed, and the gate's checks are read (and
 * its `first` run) once more on their own: a refused caller never gets a key's answer replayed.
 */
async function transferOnce<R extends CheckedRow>(
  db: Db,
  scope: KeyScope,
  { transfer: plan, gate }: TransferCall<R>,
): Promise<{ transferId: string }> {
  const requestHash = requestHashOf(scope);
  let moved: (R & Moved) | undefined;
  let failure: unknown;
  const attempt = async (legKey: (leg: string) => string) => {
    try {
      moved = await gate.move(await plan(legKey), { userId: scope.userId, key: scope.key, requestHash });
      failure = undefined;
    } catch (error) {
      failure = error;
    }
  };
  await attempt(legKeys(scope));
  // A key forgotten after the replay window is a new call (its second statement counts a second
  // hit on the member's rate limit: rare, and on the safe side).
  if (!moved && (await forgottenKey(db, scope, failure))) await attempt(legKeys(scope, randomUUID()));
  const row = moved ?? (await checkedRow<R>(db, gate.precondition()));
  gate.settle(row);
  if (!row.ok) throw new Error('a transfer gate failed without a refusal');
  if (moved?.answer) return moved.answer;
  // Not moved with every check held: the debit was not covered, or the statement failed (a key
  // answered before, an unknown receiver); a concurrent request with this key may have answered.
  return replayAfter(db, scope, requestHash, failure ?? new AppError('insufficientBalance'));
}

/** Keys one statement of the prune deletes at most. */
export const PRUNE_BATCH = 1_000;

/**
 * The daily `idempotency` job (docs/operations.md, section 5): forgets every key older than the
 * replay window (`idempotency.replayDays` in force at the run's time), oldest first by
 * `idempotency_keys_created_idx`, at most `batch` keys a statement, so no one statement runs long
 * or locks many rows at once. The rows stay locked until the run commits, but only a repeat of an
 * expired key would wait on them, and it is a new call anyway. A repeat of a key inside the window
 * still finds its row and replays its first answer; after this run, a repeat is a new call.
 */
export async function pruneIdempotencyKeys({ tx, now }: JobContext, batch = PRUNE_BATCH) {
  const days = await getSetting(tx, 'idempotency.replayDays', now);
  // Days of 24 hours: the window does not stretch or shrink with a time zone's clock changes.
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  let pruned = 0;
  let statements = 0;
  for (let deleted = batch; deleted === batch; ) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with old as (
            select user_id, key from idempotency_keys where created_at < ${before}::timestamptz
            order by created_at limit ${batch}),
          gone as (
            delete from idempotency_keys k using old where k.user_id = old.user_id and k.key = old.key
            returning 1)
          select count(*)::int as n from gone`,
    );
    deleted = row?.n ?? 0;
    pruned += deleted;
    statements += 1;
  }
  return { replayDays: days, before, pruned, statements };
}
