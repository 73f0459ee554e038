import { operatorLoginAnswerSchema, operatorLoginBodySchema } from '@minecloud/contract/admin';
import {
  ADMIN_API,
  idParamsSchema,
  OPERATOR_PASSWORD_MIN,
  operatorCreateBodySchema,
  operatorListSchema,
  operatorMeSchema,
  operatorPasswordAnswerSchema,
  operatorRowSchema,
  operatorUpdateBodySchema,
  passwordChangeBodySchema,
  totpCodeBodySchema,
  totpSetupAnswerSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { hashPassword, oneTimePassword, verifyPassword } from '../../lib/passwords.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { audited, endSessions, resetOperatorPassword } from '../auth/operator-accounts.ts';
import { actorOf, operatorOf } from '../auth/operators.ts';

const TOTP_ISSUER = 'MineCloud';
const tags = ['admin'];
const security = [{ bearer: [] }];
const path = (p: string) => `/${p}`;

async function operatorRow(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) return fail('notFound');
  return row;
}

type OperatorRecord = typeof operators.$inferSelect;

function me(row: OperatorRecord) {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role as z.infer<typeof operatorMeSchema>['role'],
    totpEnabled: row.totpEnabled,
    setup: row.mustChangePassword ? ('password' as const) : row.totpEnabled ? null : ('totp' as const),
  };
}

function listed(row: OperatorRecord): z.infer<typeof operatorRowSchema> {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role as z.infer<typeof operatorRowSchema>['role'],
    totpEnabled: row.totpEnabled,
    disabled: row.disabled,
    failedLogins: row.failedLogins,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sign-in, the operator's own password and TOTP, and (the owner's) operator accounts. */
export const accountRoutes: FastifyPluginAsyncZod<{ loginsPerMinute: number }> = async (app, options) => {
  const auth = app.operatorAuth;

  app.post(
    path(ADMIN_API.login),
    {
      config: { access: 'public', rateLimit: { max: options.loginsPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: operatorLoginBodySchema, response: { 200: envelopeSchema(operatorLoginAnswerSchema) } },
    },
    // Real time, not the app clock: codes, locks and sessions are about the world's time.
    async (request) => ok(await auth.login(request.body, new Date())),
  );

  app.post(
    path(ADMIN_API.logout),
    { config: { access: 'setup' }, schema: { tags, security, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await auth.logout(request);
      return ok(null);
    },
  );

  app.get(
    path(ADMIN_API.me),
    { config: { access: 'setup' }, schema: { tags, security, response: { 200: envelopeSchema(operatorMeSchema) } } },
    async (request) => ok(me(await operatorRow(app.db, operatorOf(request).id))),
  );

  app.post(
    path(ADMIN_API.password),
    {
      config: { access: 'setup' },
      schema: {
        tags,
        security,
        // Length is checked below, so that a short password gets its own message.
        body: passwordChangeBodySchema.extend({ next: z.string().min(1).max(256) }),
        response: { 200: envelopeSchema(operatorMeSchema) },
      },
    },
    async (request) => {
      const { current, next } = request.body;
      const operator = operatorOf(request);
      const row = await operatorRow(app.db, operator.id);
      if (!(await verifyPassword(current, row.passwordHash))) return fail('passwordWrong');
      if (next.length < OPERATOR_PASSWORD_MIN || next === current) {
        return failWith('passwordWeak', { min: OPERATOR_PASSWORD_MIN });
      }
      const passwordHash = await hashPassword(next);
      const updated = await app.db.transaction(async (tx) => {
        const [after] = await tx
          .update(operators)
          .set({ passwordHash, mustChangePassword: false })
          .where(eq(operators.id, row.id))
          .returning();
        // This session stays (the operator just proved the password); every other one ends.
        await endSessions(tx, row.id, operator.sessionId);
        await audit(tx, { actor: actorOf(request), action: 'operator.password', target: `operator:${row.username}` });
        return after as OperatorRecord;
      });
      return ok(me(updated));
    },
  );

  app.post(
    path(ADMIN_API.totpSetup),
    {
      config: { access: 'setup' },
      schema: { tags, security, response: { 200: envelopeSchema(totpSetupAnswerSchema) } },
    },
    async (request) => {
      const row = await operatorRow(app.db, operatorOf(request).id);
      if (row.mustChangePassword) return fail('setupRequired');
      // Once enabled, only an owner's reset starts a new enrolment.
      if (row.totpEnabled) return fail('conflict');
      const secret = newTotpSecret();
      await app.db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, row.id));
      return ok({ secret, otpauthUrl: otpauthUrl(secret, row.username, TOTP_ISSUER) });
    },
  );

  app.post(
    path(ADMIN_API.totpEnable),
    {
      config: { access: 'setup' },
      schema: { tags, security, body: totpCodeBodySchema, response: { 200: envelopeSchema(operatorMeSchema) } },
    },
    async (request) => {
      const row = await operatorRow(app.db, operatorOf(request).id);
      if (row.totpEnabled) return fail('conflict');
      if (!row.totpSecret) return fail('setupRequired');
      const step = matchTotp(row.totpSecret, request.body.code, new Date());
      if (step === null) return fail('totpInvalid');
      const updated = await app.db.transaction(async (tx) => {
        const [after] = await tx
          .update(operators)
          .set({ totpEnabled: true, totpLastStep: step })
          .where(and(eq(operators.id, row.id), eq(operators.totpEnabled, false)))
          .returning();
        if (!after) return fail('conflict');
        await audit(tx, {
          actor: actorOf(request),
          action: 'operator.totp.enable',
          target: `operator:${row.username}`,
          before: { totpEnabled: false },
          after: { totpEnabled: true },
        });
        return after;
      });
      return ok(me(updated));
    },
  );

  // Operator accounts: the owner's alone (no `access` declared).

  app.get(
    path(ADMIN_API.operators),
    { schema: { tags, security, response: { 200: envelopeSchema(operatorListSchema) } } },
    async () => ok({ list: (await app.db.select().from(operators).orderBy(asc(operators.id))).map(listed) }),
  );

  app.post(
    path(ADMIN_API.operators),
    {
      schema: {
        tags,
        security,
        body: operatorCreateBodySchema,
        response: { 200: envelopeSchema(operatorPasswordAnswerSchema) },
      },
    },
    async (request) => {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(operators)
          .values({ username: request.body.username, role: request.body.role, passwordHash, mustChangePassword: true })
          .onConflictDoNothing()
          .returning();
        if (!row) return fail('usernameTaken');
        await audit(tx, {
          actor: actorOf(request),
          action: 'operator.create',
          target: `operator:${row.username}`,
          after: audited(row),
        });
        return row;
      });
      return ok({ id: String(created.id), username: created.username, password });
    },
  );

  app.put(
    path(ADMIN_API.operator),
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: operatorUpdateBodySchema,
        response: { 200: envelopeSchema(operatorRowSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const updated = await app.db.transaction(async (tx) => {
        // Owners are locked in a fixed order, so that two demotions cannot leave none.
        await tx.execute(sql`select id from operators where role = 'owner' order by id for update`);
        const before = await operatorRow(tx, id);
        const role = request.body.role ?? before.role;
        const disabled = request.body.disabled ?? before.disabled;
        const stillOwner = role === 'owner' && !disabled;
        if (before.role === 'owner' && !before.disabled && !stillOwner) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(operators)
            .where(and(eq(operators.role, 'owner'), eq(operators.disabled, false), ne(operators.id, id)));
          if (!others?.n) return fail('lastOwner');
        }
        const [after] = await tx.update(operators).set({ role, disabled }).where(eq(operators.id, id)).returning();
        if (disabled) await endSessions(tx, id);
        await audit(tx, {
          actor: actorOf(request),
          action: 'operator.update',
          target: `operator:${before.username}`,
          before: audited(before),
          after: audited(after as OperatorRecord),
        });
        return after as OperatorRecord;
      });
      return ok(listed(updated));
    },
  );

  app.post(
    path(ADMIN_API.operatorUnlock),
    { schema: { tags, security, params: idParamsSchema, response: { 200: envelopeSchema(operatorRowSchema) } } },
    async (request) => {
      const id = Number(request.params.id);
      const updated = await app.db.transaction(async (tx) => {
        const before = await operatorRow(tx, id);
        const [after] = await tx
          .update(operators)
          .set({ failedLogins: 0, lockedUntil: null })
          .where(eq(operators.id, id))
          .returning();
        await audit(tx, {
          actor: actorOf(request),
          action: 'operator.unlock',
          target: `operator:${before.username}`,
          before: { failedLogins: before.failedLogins, lockedUntil: before.lockedUntil?.toISOString() ?? null },
          after: { failedLogins: 0, lockedUntil: null },
        });
        return after as OperatorRecord;
      });
      return ok(listed(updated));
    },
  );

  app.post(
    path(ADMIN_API.operatorReset),
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: envelopeSchema(operatorPasswordAnswerSchema) },
      },
    },
    async (request) => {
      const { row, password } = await resetOperatorPassword(app.db, Number(request.params.id), actorOf(request));
      return ok({ id: String(row.id), username: row.username, password });
    },
  );
};
