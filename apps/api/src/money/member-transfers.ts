import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  type GuardedStatements,
  type MemberTransferInput,
  moveMemberTransfer,
  moveMemberTransfers,
  type TransferGuard,
} from '../ledger/member-batch.ts';
import { upsertHits } from '../lib/limits.ts';

/**
 * One member-to-member transfer asked by a member's call (a gift), with what its statement also
 * does: count the call on the member's rate-limit window, check that the caller's session is live,
 * and keep the call's first answer under its Idempotency-Key.
 */
export type MemberTransfer = {
  transfer: MemberTransferInput;
  /** The Idempotency-Key row: its member, key and the hash of the request it answers. */
  key: { userId: number; key: string; requestHash: string };
  /** The window the call counts on (its key, start and end) and the most hits it allows. */
  limit: { key: string; start: Date; end: Date; max: number };
  /** The caller's session, checked live at the statement's own time. */
  session: { id: string; userId: number };
};

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
 * The condition that a session is live (modules/auth's `sessionIsLive`, given by the caller), of a
 * session id, a member id and a time the statement reads.
 */
export type SessionIsLive = (sessionId: SQL, userId: SQL, now: SQL) => SQL;

type Call = Omit<MemberTransfer, 'transfer'>;

/**
 * A member call's part of the ledger's transfer statement (ledger/member-batch.ts): each call's hit
 * is counted on its window whatever happens next (the limits' rows locked in key order, before any
 * account), its session is read live at the statement's time, and its key row is written with the
 * transfer it moved, in the same statement: count, session, money and key commit together.
 */
function memberCallGuard(sessionIsLive: SessionIsLive): TransferGuard<Call> {
  const counted = upsertHits(
    sql`select limit_key, window_start, expires_at, 1 from input order by limit_key`,
    sql`key, hits, expires_at`,
  );
  return {
    name: 'member_transfers',
    columns: [
      ['limit_key', 'text'],
      ['window_start', 'timestamptz'],
      ['expires_at', 'timestamptz'],
      ['max_hits', 'bigint'],
      ['session_id', 'uuid'],
      ['caller_id', 'bigint'],
      ['key_user', 'bigint'],
      ['key', 'text'],
      ['request_hash', 'text'],
    ],
    values: ({ limit, session, key }) => [
      limit.key,
      limit.start.toISOString(),
      limit.end.toISOString(),
      limit.max,
      session.id,
      session.userId,
      key.userId,
      key.key,
      key.requestHash,
    ],
    checks: sql`counted as (${counted}),
      allowed as materialized (
        select input.n, checked.within, checked.live, checked.within and checked.live as ok
        from input join counted on counted.key = input.limit_key,
          lateral (select counted.hits <= input.max_hits as within,
            ${sessionIsLive(sql`input.session_id`, sql`input.caller_id`, sql.raw('$1::timestamptz'))} as live) checked)`,
    after: sql`kept as (
        insert into idempotency_keys (user_id, key, request_hash, answer)
        select input.key_user, input.key, input.request_hash, jsonb_build_object('transferId', moved.id::text)
        from input join moved on moved.idempotency_key = input.transfer_key
        returning user_id, key, answer)`,
    answer: sql`select allowed.within, allowed.live, allowed.ok,
        counted.hits::text as hits, counted.expires_at as "expiresAt", kept.answer
      from input join allowed on allowed.n = input.n join counted on counted.key = input.limit_key
        left join kept on kept.user_id = input.key_user and kept.key = input.key
      order by input.n`,
  };
}

/** Most calls one statement moves. */
const MOST_PER_STATEMENT = 64;

type Waiting = {
  call: MemberTransfer;
  resolve: (row: MemberTransferRow) => void;
  reject: (error: unknown) => void;
  /** Statements formed while it waited with a member in a running one. */
  passed: number;
};

/** How often a call may be passed over before its members wait for it. */
const PASSES_BEFORE_HOLD = 3;

const split = ({ transfer, ...call }: MemberTransfer) => ({ transfer, call });

/**
 * Moves members' transfers, each in a statement with its count, session check and key row
 * (`memberCallGuard`). While `inFlight` statements are running, the calls that arrive wait and go
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
  const statements: GuardedStatements<Call> = { db, guard: memberCallGuard(options.sessionIsLive), texts: new Map() };
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
      await moveMemberTransfer<Call, MemberTransferRow>(statements, split(only.call)).then(only.resolve, only.reject);
      return;
    }
    let rows: MemberTransferRow[];
    try {
      rows = await moveMemberTransfers<Call, MemberTransferRow>(
        statements,
        batch.map((entry) => split(entry.call)),
      );
    } catch {
      await Promise.all(
        batch.map((entry) =>
          moveMemberTransfer<Call, MemberTransferRow>(statements, split(entry.call)).then(entry.resolve, entry.reject),
        ),
      );
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
