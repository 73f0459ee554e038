import type { UserAnswer } from '@minecloud/contract/auth';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inviteCodes, users } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

/** The signed-in member's profile. Balances are zero until the ledger (issue #3) holds accounts. */
export async function memberProfile(db: Db, userId: AuthorizedUserId): Promise<UserAnswer> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return fail('unauthorized');
  const codes = await db
    .select({ department: inviteCodes.department, code: inviteCodes.code })
    .from(inviteCodes)
    .where(eq(inviteCodes.userId, userId))
    .orderBy(asc(inviteCodes.department));
  return {
    id: String(user.id),
    address: user.address,
    identity: user.identity as UserAnswer['identity'],
    level: user.level,
    email: user.email,
    withdrawAddress: user.withdrawAddress,
    inviteCodes: codes,
    balances: { GOLD: '0', USDT: '0', BTC: '0' },
  };
}
