import { type Asset, formatAmount } from '@minecloud/contract/amount';
import type { UserAnswer } from '@minecloud/contract/auth';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { liveSession, type TokenClaims } from '../auth/tokens.ts';

/**
 * The signed-in member's profile with their available balances: one round trip, one statement
 * prepared once per connection (the app asks for it on most screens: the API's most frequent read).
 * The token's session is checked in the same statement: no row (a 401) once it is revoked or expired.
 */
export async function memberProfile(db: Db, claims: TokenClaims): Promise<UserAnswer> {
  const [user] = await preparedRows<{
    id: string;
    address: string;
    identity: UserAnswer['identity'];
    level: number;
    email: string | null;
    withdraw_address: string | null;
    codes: { department: number; code: string }[];
    balances: Partial<Record<Asset, string>>;
  }>(
    db,
    'member_profile',
    sql`select u.id::text, u.address, u.identity, u.level, u.email, u.withdraw_address,
          coalesce((select json_agg(json_build_object('department', c.department, 'code', c.code) order by c.department)
                    from invite_codes c where c.user_id = u.id), '[]') as codes,
          coalesce((select json_object_agg(a.asset, a.balance::text)
                    from accounts a where a.user_id = u.id and a.kind = 'available'), '{}') as balances
        from users u where u.id = ${claims.userId} and ${liveSession(claims)}`,
  );
  if (!user) return fail('unauthorized');
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
