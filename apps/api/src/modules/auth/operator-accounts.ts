import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { hashPassword, oneTimePassword } from '../../lib/passwords.ts';
import { operatorActor } from './operators.ts';
import { lockApprovers, setUpBy } from './vouch.ts';

/** Operator accounts outside a console request: the first operator, resets, ended sessions, the printed password. */

/**
 * The first operator, `admin`, an owner: with ADMIN_BOOTSTRAP_PASSWORD when given, else a one-time
 * password returned here for the server to print once (it must be changed at first sign-in). Does
 * nothing when an operator exists.
 */
export async function bootstrapOperator(db: Db, password: string | undefined): Promise<string | null> {
  const [existing] = await db.select({ id: operators.id }).from(operators).limit(1);
  if (existing) return null;
  const chosen = password ?? oneTimePassword();
  await db
    .insert(operators)
    .values({
      username: 'admin',
      passwordHash: await hashPassword(chosen),
      role: 'owner',
      mustChangePassword: password === undefined,
    })
    .onConflictDoNothing();
  return password ? null : chosen;
}

/**
 * Ends every open session of an operator (disabled, reset, or a new password), but `keep`: whoever
 * knew the old password, or holds a token of it, is out.
 */
export async function endSessions(tx: Pick<Db, 'update'>, operatorId: number, keep?: string) {
  await tx
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        sql`${operatorSessions.revokedAt} is null`,
        keep ? ne(operatorSessions.id, keep) : undefined,
      ),
    );
}

type OperatorRecord = typeof operators.$inferSelect;

/** What the audit keeps of an operator: never a hash or a secret. */
export const audited = (row: OperatorRecord) => ({
  role: row.role,
  disabled: row.disabled,
  totpEnabled: row.totpEnabled,
});

/**
 * Gives an operator a new one-time password (stored hashed; to be changed at the next sign-in),
 * clears its TOTP enrolment and its lock, ends all its sessions, and audits it, in one transaction.
 * The owner's reset of another operator and `npm run admin:reset` both come here.
 *
 * An owner's reset (`resetBy`) makes the owner whoever set the account up, and an approver then
 * awaits a vouch (docs/operations.md, "Approvers and vouching"). The shell's reset, the break-glass
 * path, is made by no operator: it clears who set the account up and leaves its vouch as it was.
 */
export async function resetOperatorPassword(
  db: Db,
  id: number,
  actor: string,
  resetBy: number | null,
): Promise<{ row: OperatorRecord; password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const row = await db.transaction(async (tx) => {
    await lockApprovers(tx);
    const [before] = await tx.select().from(operators).where(eq(operators.id, id));
    if (!before) return fail('notFound');
    const vouch = resetBy === null ? { setUpById: null } : await setUpBy(tx, before.role, resetBy);
    const [after] = await tx
      .update(operators)
      .set({
        passwordHash,
        mustChangePassword: true,
        totpSecret: null,
        totpKeyId: null,
        totpEnabled: false,
        totpLastStep: null,
        failedLogins: 0,
        lockedUntil: null,
        ...vouch,
      })
      .where(eq(operators.id, id))
      .returning();
    await endSessions(tx, id);
    await audit(tx, {
      actor,
      action: 'operator.reset',
      target: operatorActor(before.username),
      before: audited(before),
      after: audited(after as OperatorRecord),
    });
    return after as OperatorRecord;
  });
  return { row, password };
}

/** The operator `admin:reset` resets without a name: the oldest owner that is not disabled. */
export async function firstActiveOwner(db: Db): Promise<OperatorRecord | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.role, 'owner'), eq(operators.disabled, false)))
    .orderBy(asc(operators.id))
    .limit(1);
  return row;
}

/** Where the console is: PUBLIC_ORIGIN's `/admin/`, or the address the server listens on. */
export function consoleUrlOf(config: { publicOrigin?: string | undefined; host: string; port: number }): string {
  if (config.publicOrigin) return new URL('/admin/', config.publicOrigin).href;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/admin/`;
}

/**
 * A one-time password as a framed block of plain lines, written to stdout in one write so that no
 * JSON log line lands inside it, and printed whatever LOG_LEVEL says.
 */
export function framedPassword(input: { username: string; password: string; consoleUrl: string; title: string }) {
  const lines = [
    input.title,
    '',
    `Console:            ${input.consoleUrl}`,
    `Username:           ${input.username}`,
    `One-time password:  ${input.password}`,
    '',
    'It is shown only now (only its hash is stored) and must be changed at sign-in.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return `\n${rule}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${rule}\n\n`;
}
