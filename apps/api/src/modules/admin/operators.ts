import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { bearerToken } from '../auth/guard.ts';

const AUDIENCE = 'operator';
const ISSUER = 'minecloud';
const OPERATOR_TOKEN_TTL_SECONDS = 8 * 3600;

export type Operator = { id: number; username: string };

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Operator;
  }
}

/**
 * The first operator, `admin`: with ADMIN_BOOTSTRAP_PASSWORD when given, else a one-time password
 * returned here for the server to print once. Does nothing when an operator exists.
 */
export async function bootstrapOperator(db: Db, password: string | undefined): Promise<string | null> {
  const [existing] = await db.select({ id: operators.id }).from(operators).limit(1);
  if (existing) return null;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await db
    .insert(operators)
    .values({ username: 'admin', passwordHash: await hashPassword(chosen) })
    .onConflictDoNothing();
  return password ? null : chosen;
}

export function createOperatorAuth(db: Db, key: Uint8Array) {
  return {
    async login(username: string, password: string) {
      const [operator] = await db.select().from(operators).where(eq(operators.username, username));
      // Hash anyway when the name is unknown, so timing does not tell which names exist.
      const valid = await verifyPassword(
        password,
        operator?.passwordHash ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      );
      if (!operator || !valid) throw new AppError('unauthorized');
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + OPERATOR_TOKEN_TTL_SECONDS * 1000);
      await db.insert(operatorSessions).values({ id, operatorId: operator.id, expiresAt });
      const token = await new SignJWT({ name: operator.username })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(operator.id))
        .setJti(id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token };
    },

    /** preHandler for every operator route but sign-in. */
    async guard(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw new AppError('unauthorized');
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const [row] = await db
          .select({ id: operators.id, username: operators.username })
          .from(operatorSessions)
          .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
          .where(
            and(
              eq(operatorSessions.id, String(payload.jti)),
              isNull(operatorSessions.revokedAt),
              gt(operatorSessions.expiresAt, sql`now()`),
            ),
          );
        if (!row) throw new AppError('unauthorized');
        request.operator = row;
      } catch {
        throw new AppError('unauthorized');
      }
    },
  };
}

export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('unauthorized');
  return request.operator;
}
