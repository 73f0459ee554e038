import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { type Db, preparedRows } from '../../db/client.ts';
import { serverSecrets, sessions } from '../../db/schema.ts';
import { deriveKey } from '../../lib/keys.ts';

/** A user id that a token check has proven; only these reach user-scoped queries. */
export type AuthorizedUserId = number & { readonly __brand: 'AuthorizedUserId' };

/**
 * What a token's signature proves (its issuer, audience and expiry checked), before its session is:
 * the member it was issued to and its session. Not yet an authorisation: the session may have been
 * revoked, on this process or another; `liveSession` is the condition that it was not.
 */
export type TokenClaims = { userId: number; sessionId: string; expiresAt: number };

const ISSUER = 'minecloud';
const AUDIENCE = 'member';
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

/**
 * The master secret that every key of the server is derived from (lib/keys.ts): JWT_SECRET in
 * production (config refuses to start without it); otherwise one generated once and kept in the
 * database, so every process and restart shares it. It signs nothing itself: member tokens are
 * signed with `deriveKey(master, 'memberToken')`.
 */
export async function loadMasterSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(32).toString('base64url');
  await db.insert(serverSecrets).values({ name: 'jwt', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt'));
  if (!row) throw new Error('signing key missing after insert');
  return new TextEncoder().encode(row.value);
}

/**
 * The SQL condition that the session behind `claims` is live at this moment: issued to the token's
 * member, not revoked, not expired. Read in the same statement as the work it guards (a profile, a
 * gift), a sign-out on any process refuses the token on every process from the next statement on.
 */
export function liveSession(claims: TokenClaims): SQL {
  return sessionIsLive(sql`${claims.sessionId}::uuid`, sql`${claims.userId}`, new Date());
}

/**
 * `liveSession` of a session id and a member id that the statement reads (e.g. one per row), at
 * `now` (a time, or a timestamptz the statement reads).
 */
export function sessionIsLive(sessionId: SQL, userId: SQL, now: Date | SQL): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  // A scalar subquery, not `exists`: the planner could turn an `exists` read once per row of a
  // batch into a scan of every session, hashed; this is always one index lookup by the session's id.
  return sql`coalesce((select true from sessions s where s.id = ${sessionId} and s.user_id = ${userId}
    and s.revoked_at is null and s.expires_at > ${at} limit 1), false)`;
}

/** The member token key of a server whose JWT_SECRET is `master`: how tools outside it sign tokens it accepts. */
export function memberTokenKey(master: string): Buffer {
  return deriveKey(new TextEncoder().encode(master), 'memberToken');
}

export type TokenService = ReturnType<typeof createTokenService>;

/** Verified token signatures kept per process; a signature never changes, so no entry goes stale. */
const CLAIMS_CACHE_MAX = 50_000;

export function createTokenService(db: Db, key: Uint8Array, ttlSeconds: number) {
  // Keyed by the token string: a repeat skips the signature check (jose's base64, JSON and HMAC).
  // Only the signature is cached, never the session: revocation is read from the database each time.
  const signed = new Map<string, TokenClaims>();
  // Imported once: jose would otherwise import the raw secret on every verification.
  const verifyKey = createSecretKey(key);

  /** The claims of a well-signed, unexpired token of ours, or null; the session is not checked. */
  async function claims(token: string): Promise<TokenClaims | null> {
    const known = signed.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      signed.delete(token);
      return null;
    }
    const payload = await jwtVerify(token, verifyKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    }).then(
      (result) => result.payload,
      () => null,
    );
    const userId = Number(payload?.sub);
    if (!payload?.jti || !UUID.test(payload.jti) || !Number.isSafeInteger(userId) || payload.exp === undefined) {
      return null;
    }
    if (signed.size >= CLAIMS_CACHE_MAX) signed.clear();
    const proven = { userId, sessionId: payload.jti, expiresAt: payload.exp * 1000 };
    signed.set(token, proven);
    return proven;
  }

  return {
    claims,

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

    /**
     * The session behind a token, or null when the token is bad, expired or revoked: the session
     * row is read every time (one prepared statement), so a sign-out holds on every process at once.
     */
    async verify(token: string): Promise<{ userId: AuthorizedUserId; sessionId: string } | null> {
      const proven = await claims(token);
      if (!proven) return null;
      // Not caught: a database that cannot be reached is a 503 to retry, never a signed-out member.
      const [row] = await preparedRows<{ live: boolean }>(
        db,
        'live_session',
        sql`select ${liveSession(proven)} as live`,
      );
      if (!row?.live) return null;
      return { userId: proven.userId as AuthorizedUserId, sessionId: proven.sessionId };
    },

    async revoke(sessionId: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
  };
}
