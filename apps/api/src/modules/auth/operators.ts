import { randomUUID } from 'node:crypto';
import type { OperatorRole, SetupStep } from '@minecloud/contract/console';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema.ts';
import { AppError, fail, failWith } from '../../lib/errors.ts';
import type { TotpKeyring } from '../../lib/keys.ts';
import { DUMMY_HASH, hashPassword, isLegacyHash, verifyPassword } from '../../lib/passwords.ts';
import { matchTotp } from '../../lib/totp.ts';
import { bearerToken } from './guard.ts';
import { needsPasskeySql, passkeyStanding, setupOf } from './passkey-policy.ts';
import { openTotp } from './totp-secrets.ts';

const AUDIENCE = 'operator';
const ISSUER = 'minecloud';
const OPERATOR_TOKEN_TTL_SECONDS = 8 * 3600;
/** Failed sign-ins (password or code) in a row before the account locks, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export type Operator = {
  id: number;
  username: string;
  role: OperatorRole;
  setup: SetupStep | null;
  /** The session the request came with: a password change ends the operator's others. */
  sessionId?: string;
};

/**
 * Who may make a console call: `public` (sign-in), `setup` (any signed-in operator, even one who
 * still has to change the password or enrol TOTP), or the roles besides the owner. A route that
 * declares nothing is the owner's alone.
 */
export type Access = 'public' | 'setup' | { roles: readonly OperatorRole[] };

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Operator;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

type OperatorRecord = typeof operators.$inferSelect;

export function lockTime(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `key`: the operator token key, not the member one (lib/keys.ts); `totpKeys` open the TOTP secrets. */
export function createOperatorAuth(db: Db, key: Uint8Array, totpKeys: TotpKeyring) {
  /** Counts a failure; the fifth in a row locks the account. */
  async function recordFailure(id: number, now: Date) {
    await db
      .update(operators)
      .set({
        failedLogins: sql`case when ${operators.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${operators.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${operators.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then ${new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString()}::timestamptz else ${operators.lockedUntil} end`,
      })
      .where(eq(operators.id, id));
  }

  async function issue(operatorId: number, username: string, now: Date) {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + OPERATOR_TOKEN_TTL_SECONDS * 1000);
    await db.insert(operatorSessions).values({ id, operatorId, expiresAt });
    return new SignJWT({ name: username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(operatorId))
      .setJti(id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  async function signedIn(
    operator: OperatorRecord,
    now: Date,
    change: Partial<OperatorRecord> = {},
  ): Promise<{ token: string; setup: SetupStep | null }> {
    const [after] = await db
      .update(operators)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, ...change })
      .where(eq(operators.id, operator.id))
      .returning({
        mustChangePassword: operators.mustChangePassword,
        totpEnabled: operators.totpEnabled,
        needsPasskey: needsPasskeySql,
      });
    if (!after) throw new AppError('unauthorized');
    return { token: await issue(operator.id, operator.username, now), setup: setupOf(after) };
  }

  return {
    async login(input: { username: string; password: string; totp?: string | undefined }, now: Date) {
      const [operator] = await db.select().from(operators).where(eq(operators.username, input.username));
      if (operator?.lockedUntil && operator.lockedUntil > now) {
        return failWith('operatorLocked', { until: lockTime(operator.lockedUntil) });
      }
      const valid = await verifyPassword(input.password, operator?.passwordHash ?? DUMMY_HASH);
      if (!operator || operator.disabled) throw new AppError('unauthorized');
      if (!valid) {
        await recordFailure(operator.id, now);
        throw new AppError('unauthorized');
      }
      const totpSecret = operator.totpEnabled ? openTotp(totpKeys, operator) : null;
      if (totpSecret) {
        if (!input.totp) return fail('totpRequired');
        const step = matchTotp(totpSecret, input.totp, now);
        if (step === null) {
          await recordFailure(operator.id, now);
          return fail('totpInvalid');
        }
        // Conditional, so that two sign-ins racing with one code cannot both pass.
        const [accepted] = await db
          .update(operators)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(operators.id, operator.id),
              sql`(${operators.totpLastStep} is null or ${operators.totpLastStep} < ${step})`,
            ),
          )
          .returning({ id: operators.id });
        if (!accepted) {
          await recordFailure(operator.id, now);
          return fail('totpReused');
        }
      }
      // Checked once both factors are proven, so that the answer tells nobody else anything. One
      // without a passkey yet signs in to enrol one (set-up step `passkey`, docs/operations.md).
      const standing = await passkeyStanding(db, operator.id);
      if (standing.required && standing.passkeys > 0) return fail('passkeyRequired');
      return signedIn(operator, now, {
        // An older scrypt hash becomes argon2id now that the password is known.
        ...(isLegacyHash(operator.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {}),
      });
    },

    /** A failed sign-in of a known operator: counted toward the lock. */
    recordFailure,

    /**
     * The session of an operator whose every proof passed (password and TOTP, or a passkey): clears
     * the failures and the lock, notes the time, and issues the token.
     */
    signedIn,

    /** The signed-in operator of a request, or a 401. */
    async authenticate(request: FastifyRequest): Promise<Operator> {
      const token = bearerToken(request);
      if (!token) throw new AppError('unauthorized');
      let sessionId: string;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        sessionId = String(payload.jti);
      } catch {
        throw new AppError('unauthorized');
      }
      const [row] = await db
        .select({
          id: operators.id,
          username: operators.username,
          role: operators.role,
          mustChangePassword: operators.mustChangePassword,
          totpEnabled: operators.totpEnabled,
          needsPasskey: needsPasskeySql,
          disabled: operators.disabled,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.id, sessionId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, sql`now()`),
          ),
        );
      if (!row || row.disabled) throw new AppError('unauthorized');
      return { id: row.id, username: row.username, role: row.role as OperatorRole, setup: setupOf(row), sessionId };
    },

    async logout(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) return;
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      await db
        .update(operatorSessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(operatorSessions.id, String(payload.jti)));
    },
  };
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;

/**
 * The console's door, on every `/admin-api/` route: signs the operator in from the token, sends a
 * session with set-up left to do to its set-up, and lets a role make only its calls.
 */
export function installOperatorAccess(app: FastifyInstance) {
  const auth = app.operatorAuth;
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || !request.routeOptions.url) return;
    const operator = await auth.authenticate(request);
    request.operator = operator;
    if (access === 'setup') return;
    if (operator.setup) return fail('setupRequired');
    if (operator.role === 'owner') return;
    if (!access?.roles.includes(operator.role)) return fail('forbidden');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorAuth: OperatorAuth;
  }
}

export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('unauthorized');
  return request.operator;
}

/** How the audit log, events and job runs name an operator. */
export function operatorActor(username: string): string {
  return `operator:${username}`;
}

export function actorOf(request: FastifyRequest): string {
  return operatorActor(operatorOf(request).username);
}
