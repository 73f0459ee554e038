import { type Asset, formatAmount } from '@minecloud/contract/amount';
import type { UserAnswer } from '@minecloud/contract/auth';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
import { sessionIsLive, type TokenClaims } from '../auth/tokens.ts';

type ProfileRow = {
  n: number;
  id: string;
  address: string;
  identity: UserAnswer['identity'];
  level: number;
  email: string | null;
  withdraw_address: string | null;
  codes: { department: number; code: string }[];
  balances: Partial<Record<Asset, string>>;
};

/** Most calls a statement answers: enough for every connection of a busy process at once. */
const MOST_PER_STATEMENT = 256;
/** Statements at once: calls wait for one of these to finish and then share the next. */
const MOST_AT_ONCE = 2;

/**
 * The profiles of the members behind `asked`, with their available balances, in one statement: a
 * row per call (`n`, 1-based, in the order asked) whose session is live, none for the others. Each
 * call's session is checked in this statement, which starts after the call arrived: a sign-out
 * committed on any process before a call refuses it. The ids are a safe integer and a UUID
 * (`TokenService.claims` checks both), so they travel as two array literals.
 */
async function profilesOf(db: Db, asked: TokenClaims[]): Promise<ProfileRow[]> {
  const userIds = `{${asked.map((claims) => claims.userId).join(',')}}`;
  const sessionIds = `{${asked.map((claims) => claims.sessionId).join(',')}}`;
  return preparedRows<ProfileRow>(
    db,
    'member_profiles',
    sql`select asked.n::int as n, u.id::text, u.address, u.identity, u.level, u.email, u.withdraw_address,
          coalesce((select json_agg(json_build_object('department', c.department, 'code', c.code) order by c.department)
                    from invite_codes c where c.user_id = u.id), '[]') as codes,
          coalesce((select json_object_agg(a.asset, a.balance::text)
                    from accounts a where a.user_id = u.id and a.kind = 'available'), '{}') as balances
        from unnest(${userIds}::bigint[], ${sessionIds}::uuid[]) with ordinality as asked(user_id, session_id, n)
        join users u on u.id = asked.user_id
        where ${sessionIsLive(sql`asked.session_id`, sql`asked.user_id`, new Date())}`,
  );
}

function answerOf(user: ProfileRow): UserAnswer {
  const balance = (asset: Asset) => formatAmount(BigInt(user.balances[asset] ?? 0), asset);
  return {
    id: user.id,
    address: user.address,
    identity: user.identity,
    level: user.level,
    email: user.email,
    withdrawAddress: user.withdraw_address,
    inviteCodes: user.codes,
    balances: { GOLD: balance('GOLD'), USDT: balance('USDT'), BTC: balance('BTC') },
  };
}

type Waiting = { claims: TokenClaims; settle: (answer: UserAnswer | null, error?: unknown) => void };

/**
 * The signed-in member's profile (the app asks for it on most screens: the API's most frequent
 * read), or null once the token's session is revoked or expired. At most two statements
 * (`profilesOf`) run at a time, so one slow statement does not hold up the others; the calls that
 * arrive while they run share the next one, so a busy process sends one round trip for dozens of
 * calls and a quiet one answers each call at once. Each call still has its own session read, in
 * a statement that started after it arrived. `onStatement` is told each statement's number of calls.
 */
export function profileReader(
  db: Db,
  onStatement?: (calls: number) => void,
): (claims: TokenClaims) => Promise<UserAnswer | null> {
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
    let rows: ProfileRow[];
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
    const answered = new Map(rows.map((row) => [row.n, answerOf(row)]));
    for (const [i, call] of batch.entries()) call.settle(answered.get(i + 1) ?? null);
  }

  return (claims) =>
    new Promise((resolve, reject) => {
      waiting.push({ claims, settle: (answer, error) => (error === undefined ? resolve(answer) : reject(error)) });
      schedule();
    });
}
