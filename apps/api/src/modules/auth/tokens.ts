import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { serverSecrets, sessions } from '../../db/schema.ts';

/** A user id that a token check has proven; only these reach user-scoped queries. */
export type AuthorizedUserId = number & { readonly __brand: 'AuthorizedUserId' };

const ISSUER = 'minecloud';
const AUDIENCE = 'member';

/**
 * The signing key: JWT_SECRET in production (config refuses to start without it); otherwise one
 * generated once and kept in the database, so every process and restart shares it.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(32).toString('base64url');
  await db.insert(serverSecrets).values({ name: 'jwt', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt'));
  if (!row) throw new Error('signing key missing after insert');
  return new TextEncoder().encode(row.value);
}

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * A process keeps a verified session for this long before asking the database again: a token
 * revoked on another process stops working within this time (at once on the process that revoked it).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 50_000;

export function createTokenService(db: Db, key: Uint8Array, ttlSeconds: number) {
  // Keyed by the token itself, so a repeat within the cache time skips signature verification too.
  const verified = new Map<string, { userId: number; sessionId: string; checkedAt: number; expiresAt: number }>();
  const bySession = new Map<string, string>();
  // Imported once: jose would otherwise import the raw secret on every verification.
  const verifyKey = createSecretKey(key);
  return {
    async issue(userId: number) {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      await db.insert(sessions).values({ id, userId, expiresAt });
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },

    /** The session behind a token, or null when the token is bad, expired or revoked. */
    async verify(token: string): Promise<{ userId: AuthorizedUserId; sessionId: string } | null> {
      const now = Date.now();
      // The exact token string was verified (signature, claims, session row) moments ago.
      const known = verified.get(token);
      if (known && now - known.checkedAt < SESSION_CACHE_MS && now < known.expiresAt) {
        return { userId: known.userId as AuthorizedUserId, sessionId: known.sessionId };
      }
      verified.delete(token);
      const payload = await jwtVerify(token, verifyKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      }).then(
        (result) => result.payload,
        () => null,
      );
      if (!payload?.jti || !payload.sub) return null;
      // Not caught: a database that cannot be reached is a 503 to retry, never a signed-out member.
      const [session] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.id, payload.jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      if (!session || String(session.userId) !== payload.sub) return null;
      if (verified.size >= SESSION_CACHE_MAX) {
        verified.clear();
        bySession.clear();
      }
      verified.set(token, {
        userId: session.userId,
        sessionId: payload.jti,
        checkedAt: now,
        expiresAt: (payload.exp ?? 0) * 1000,
      });
      bySession.set(payload.jti, token);
      return { userId: session.userId as AuthorizedUserId, sessionId: payload.jti };
    },

    async revoke(sessionId: string) {
      const token = bySession.get(sessionId);
      if (token) verified.delete(token);
      bySession.delete(sessionId);
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
  };
}
