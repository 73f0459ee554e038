import { ASSETS } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
import { sessionIsLive, type TokenClaims } from '../auth/tokens.ts';
import { decimalSql } from '../notifications/write.ts';

/** Most calls a statement answers: enough for every connection of a busy process at once. */
const MOST_PER_STATEMENT = 256;
/** Statements at once: calls wait for one of these to finish and then share the next. */
const MOST_AT_ONCE = 2;

/**
 * Each asset's available balance, as formatAmount writes it, under its name: every asset of the
 * contract, 0 for one the member has no account of yet.
 */
const balancesJson = sql.join(
  ASSETS.map(
    (asset) =>
      sql`${asset}::text, ${decimalSql(sql`coalesce(max(a.balance) filter (where a.asset = ${asset}::text), 0)`, asset)}`,
  ),
  sql`, `,
);

/**
 * The answers to `asked`, each the whole envelope of a UserAnswer (the contract's `userAnswerSchema`)
 * as JSON text, in one statement: a row per call (`n`, 1-based, in the order asked) whose session
 * is live, none for the others. PostgreSQL writes the JSON, so the process sends it as it comes:
 * no parse, no conversion and no serialisation of its own on the API's most frequent call. Each
 * call's session is checked in this statement, which starts after the call arrived: a sign-out
 * committed on any process before a call refuses it. The ids are a safe integer and a UUID
 * (`TokenService.claims` checks both), so they travel as two array literals.
 */
async function profilesOf(db: Db, asked: TokenClaims[]): Promise<{ n: number; answer: string }[]> {
  const userIds = `{${asked.map((claims) => claims.userId).join(',')}}`;
  const sessionIds = `{${asked.map((claims) => claims.sessionId).join(',')}}`;
  return preparedRows(
    db,
    'member_profile_answers',
    sql`select asked.n::int as n, json_build_object('code', 0, 'data', json_build_object(
          'id', u.id::text, 'address', u.address, 'identity', u.identity, 'level', u.level, 'email', u.email,
          'withdrawAddress', u.withdraw_address,
          'inviteCodes', coalesce((select json_agg(json_build_object('department', c.department, 'code', c.code) order by c.department)
                                   from invite_codes c where c.user_id = u.id), '[]'),
          'balances', (select json_build_object(${balancesJson})
                       from accounts a where a.user_id = u.id and a.kind = 'available')), 'msg', '')::text as answer
        from unnest(${userIds}::bigint[], ${sessionIds}::uuid[]) with ordinality as asked(user_id, session_id, n)
        join users u on u.id = asked.user_id
        where ${sessionIsLive(sql`asked.session_id`, sql`asked.user_id`, new Date())}`,
  );
}

type Waiting = { claims: TokenClaims; settle: (answer: string | null, error?: unknown) => void };

/**
 * The signed-in member's profile, the whole answer as JSON text (the app asks for it on most
 * screens: the API's most frequent read), or null once the token's session is revoked or expired.
 * At most two statements (`profilesOf`) run at a time, so one slow statement does not hold up the
 * others; the calls that arrive while they run share the next one, so a busy process sends one
 * round trip for dozens of calls and a quiet one answers each call at once. Each call still has its own session read, in
 * a statement that started after it arrived. `onStatement` is told each statement's number of calls.
 */
export function profileReader(
  db: Db,
  onStatement?: (calls: number) => void,
): (claims: TokenClaims) => Promise<string | null> {
  let waiting: Waiting[] = [];
  let running = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || running >= MOST_AT_ONCE || waiting.length === 0) return;
    scheduled = true;
    // After the current turn of the event loop, so that the calls it parsed all go in together.
    setImmediate(flush);
  }

  async function flush() {
    scheduled = false;
    const batch = waiting.slice(0, MOST_PER_STATEMENT);
    waiting = waiting.slice(batch.length);
    running += 1;
    onStatement?.(batch.length);
    schedule();
    let rows: { n: number; answer: string }[];
    try {
      rows = await profilesOf(
        db,
        batch.map((call) => call.claims),
      );
    } catch (error) {
      for (const call of batch) call.settle(null, error);
      return;
    } finally {
      running -= 1;
      schedule();
    }
    const answered = new Map(rows.map((row) => [row.n, row.answer]));
    for (const [i, call] of batch.entries()) call.settle(answered.get(i + 1) ?? null);
  }

  return (claims) =>
    new Promise((resolve, reject) => {
      waiting.push({ claims, settle: (answer, error) => (error === undefined ? resolve(answer) : reject(error)) });
      schedule();
    });
}
