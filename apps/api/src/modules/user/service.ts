import { formatAmount } from '@minecloud/contract/amount';
import type { UserAnswer } from '@minecloud/contract/auth';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inviteCodes, users } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { balancesOf } from '../asset/service.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

/** The signed-in member's profile with their available balances. */
export async function memberProfile(db: Db, userId: AuthorizedUserId): Promise<UserAnswer> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return fail('unauthorized');
  const balances = await balancesOf(db, userId);
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
    balances: {
      GOLD: formatAmount(balances.GOLD.available, 'GOLD'),
      USDT: formatAmount(balances.USDT.available, 'USDT'),
      BTC: formatAmount(balances.BTC.available, 'BTC'),
    },
  };
}
