import { randomBytes } from 'node:crypto';
import { NONCE_TTL_SECONDS } from '@minecloud/contract/auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Address, getAddress, type PublicClient } from 'viem';
import type { Db, TxDb } from '../../db/client.ts';
import { authNonces, inviteCodes, teamDeltas, users } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { checkSiwe, type SignInSite } from './siwe.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export async function issueNonce(db: Db): Promise<string> {
  // Alphanumeric, at least 8 characters, as EIP-4361 requires.
  const nonce = randomBytes(16).toString('hex');
  await db.insert(authNonces).values({ nonce, expiresAt: new Date(Date.now() + NONCE_TTL_SECONDS * 1000) });
  // Keep the table small: expired nonces are of no use to anyone.
  await db.delete(authNonces).where(lt(authNonces.expiresAt, new Date(Date.now() - 3600_000)));
  return nonce;
}

export type SignIn = { message: string; signature: string; inviteCode?: string | undefined };

export type SignInHooks = {
  /**
   * Runs once the signature is proven and the nonce spent, in the sign-in's transaction: the
   * per-address limit, so only the wallet's owner can spend its budget (a throw undoes the nonce).
   */
  onVerified?: (tx: TxDb, address: Address) => Promise<void>;
  onCreated?: (tx: TxDb, userId: number) => Promise<void>;
};

/** Verifies a signed sign-in message, spends its nonce, and finds or creates the member. */
export async function signIn(
  db: Db,
  input: SignIn,
  expected: { site: SignInSite; chainId: number; client?: PublicClient | null | undefined },
  hooks: SignInHooks = {},
) {
  const check = await checkSiwe({ ...input, ...expected });
  if (!check.ok) return fail(check.reason);
  const address = getAddress(check.address);
  const inviteCode = input.inviteCode?.trim().toUpperCase() || undefined;

  return db.transaction(async (tx) => {
    const spent = await tx
      .update(authNonces)
      .set({ usedAt: new Date() })
      .where(and(eq(authNonces.nonce, check.nonce), isNull(authNonces.usedAt), gt(authNonces.expiresAt, new Date())))
      .returning({ nonce: authNonces.nonce });
    if (spent.length === 0) return fail('nonceInvalid');
    await hooks.onVerified?.(tx, address);

    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.address, address));
    if (existing) return { userId: existing.id, created: false };

    let placement: { inviterId: number; department: number; depth: number } | undefined;
    if (inviteCode) {
      const [code] = await tx
        .select({ userId: inviteCodes.userId, department: inviteCodes.department, inviterDepth: users.depth })
        .from(inviteCodes)
        .innerJoin(users, eq(users.id, inviteCodes.userId))
        .where(eq(inviteCodes.code, inviteCode));
      if (!code) return fail('invalidInviteCode');
      placement = { inviterId: code.userId, department: code.department, depth: code.inviterDepth + 1 };
    }
    const [created] = await tx
      .insert(users)
      .values({
        address,
        inviterId: placement?.inviterId,
        department: placement?.department,
        depth: placement?.depth ?? 0,
      })
      .onConflictDoNothing({ target: users.address })
      .returning({ id: users.id });
    if (!created) {
      // Another sign-in of the same new wallet won the race: use the member it created.
      const [winner] = await tx.select({ id: users.id }).from(users).where(eq(users.address, address));
      if (!winner) return fail('internal');
      return { userId: winner.id, created: false };
    }
    await tx
      .insert(inviteCodes)
      .values([1, 2, 3].map((department) => ({ code: newInviteCode(), userId: created.id, department })));
    // One more member in each ancestor's department, counted by the team roll-up (no ancestor row here).
    if (placement) await tx.insert(teamDeltas).values({ userId: created.id, day: sql`current_date`, members: 1 });
    await hooks.onCreated?.(tx, created.id);
    return { userId: created.id, created: true };
  });
}
