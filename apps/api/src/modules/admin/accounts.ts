import {
  OPERATOR_PASSWORD_MIN,
  type OperatorMe,
  type OperatorRow,
  type operatorCreateBodySchema,
  type operatorUpdateBodySchema,
} from '@minecloud/contract/console';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { operatorPasskeys, operators } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { fail, failWith } from '../../lib/errors.ts';
import type { TotpKeyring } from '../../lib/keys.ts';
import { hashPassword, oneTimePassword, verifyPassword } from '../../lib/passwords.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { audited, endSessions } from '../auth/operator-accounts.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import { needsPasskeySql, passkeyCountSql, setupOf } from '../auth/passkey-policy.ts';
import { openTotp, sealedTotp } from '../auth/totp-secrets.ts';
import { checkApprover, establishFourEyes, isApprover, lockApprovers, setUpBy } from '../auth/vouch.ts';

/** The operator accounts as the console's calls change them; each change audited in its transaction. */

const TOTP_ISSUER = 'MineCloud';

type OperatorRecord = typeof operators.$inferSelect;

async function operatorRow(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) return fail('notFound');
  return row;
}

/** The operator with what its set-up and its listing need to know of its passkeys. */
async function operatorWithPasskeys(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select(withPasskeys).from(operators).where(eq(operators.id, id));
  if (!row) return fail('notFound');
  return { ...row.operator, needsPasskey: row.needsPasskey, passkeys: row.passkeys };
}

const withPasskeys = {
  operator: operators,
  needsPasskey: needsPasskeySql,
  passkeys: passkeyCountSql,
};

function me(row: OperatorRecord & { needsPasskey: boolean }): OperatorMe {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role as OperatorMe['role'],
    totpEnabled: row.totpEnabled,
    setup: setupOf(row),
  };
}

function listed(row: OperatorRecord & { passkeys: number }, names: ReadonlyMap<number, string>): OperatorRow {
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: String(row.id),
    username: row.username,
    role: row.role as OperatorRow['role'],
    totpEnabled: row.totpEnabled,
    disabled: row.disabled,
    failedLogins: row.failedLogins,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    passkeys: Number(row.passkeys),
    setUpBy: nameOf(row.setUpById),
    vouchNeeded: row.vouchNeeded,
    vouchedBy: nameOf(row.vouchedById),
  };
}

/** One account as the list shows it, with the names of who set it up and who vouched. */
async function listedOne(db: Pick<Db, 'select'>, row: OperatorRecord & { passkeys: number }) {
  const ids = [row.setUpById, row.vouchedById].filter((id): id is number => id !== null);
  const names = ids.length
    ? await db
        .select({ id: operators.id, username: operators.username })
        .from(operators)
        .where(inArray(operators.id, ids))
    : [];
  return listed(row, new Map(names.map((n) => [n.id, n.username])));
}

/** The signed-in operator, with the set-up step it still has to take. */
export async function operatorMe(db: Db, id: number) {
  return me(await operatorWithPasskeys(db, id));
}

/** The operator's own new password; this session stays, every other one ends. */
export async function changePassword(db: Db, operator: Operator, change: { current: string; next: string }) {
  const { current, next } = change;
  const row = await operatorRow(db, operator.id);
  if (!(await verifyPassword(current, row.passwordHash))) return fail('passwordWrong');
  if (next.length < OPERATOR_PASSWORD_MIN || next === current) {
    return failWith('passwordWeak', { min: OPERATOR_PASSWORD_MIN });
  }
  const passwordHash = await hashPassword(next);
  const updated = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(operators)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(operators.id, row.id))
      .returning();
    // This session stays (the operator just proved the password); every other one ends.
    await endSessions(tx, row.id, operator.sessionId);
    await audit(tx, {
      actor: operatorActor(operator.username),
      action: 'operator.password',
      target: operatorActor(row.username),
    });
    return after as OperatorRecord;
  });
  return operatorMe(db, updated.id);
}

/** A new TOTP secret to enrol; once enabled, only an owner's reset starts a new enrolment. */
export async function startTotpSetup(db: Db, keys: TotpKeyring, id: number) {
  const row = await operatorRow(db, id);
  if (row.mustChangePassword) return fail('setupRequired');
  if (row.totpEnabled) return fail('conflict');
  const secret = newTotpSecret();
  // Shown once, here; stored only sealed (docs/operations.md, "Keys and secrets").
  await db
    .update(operators)
    .set(sealedTotp(keys, row.id, secret))
    .where(eq(operators.id, row.id));
  return { secret, otpauthUrl: otpauthUrl(secret, row.username, TOTP_ISSUER) };
}

/** Turns TOTP on with a first code from the enrolled secret. */
export async function enableTotp(db: Db, keys: TotpKeyring, operator: Operator, code: string, now: Date) {
  const row = await operatorRow(db, operator.id);
  if (row.totpEnabled) return fail('conflict');
  const secret = openTotp(keys, row);
  if (!secret) return fail('setupRequired');
  const step = matchTotp(secret, code, now);
  if (step === null) return fail('totpInvalid');
  const updated = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(operators)
      .set({ totpEnabled: true, totpLastStep: step })
      .where(and(eq(operators.id, row.id), eq(operators.totpEnabled, false)))
      .returning();
    if (!after) return fail('conflict');
    await audit(tx, {
      actor: operatorActor(operator.username),
      action: 'operator.totp.enable',
      target: operatorActor(row.username),
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    });
    return after;
  });
  return operatorMe(db, updated.id);
}

export async function allOperators(db: Db) {
  const rows = await db.select(withPasskeys).from(operators).orderBy(asc(operators.id));
  const names = new Map(rows.map((row) => [row.operator.id, row.operator.username]));
  return { list: rows.map((row) => listed({ ...row.operator, passkeys: row.passkeys }, names)) };
}

/** A new operator with a one-time password, shown once; it is changed at the first sign-in. */
export async function createOperator(db: Db, input: z.infer<typeof operatorCreateBodySchema>, creator: Operator) {
  const actor = operatorActor(creator.username);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await lockApprovers(tx);
    const vouch = await setUpBy(tx, input.role, creator.id);
    const [row] = await tx
      .insert(operators)
      .values({ username: input.username, role: input.role, passwordHash, mustChangePassword: true, ...vouch })
      .onConflictDoNothing()
      .returning();
    if (!row) return fail('usernameTaken');
    await audit(tx, { actor, action: 'operator.create', target: operatorActor(row.username), after: audited(row) });
    if (isApprover(row.role)) await establishFourEyes(tx, row.username, actor);
    return row;
  });
  return { id: String(created.id), username: created.username, password };
}

/** A new role or a disabled flag; the last enabled owner stays one. */
export async function updateOperator(
  db: Db,
  id: number,
  input: z.infer<typeof operatorUpdateBodySchema>,
  changer: Operator,
) {
  const actor = operatorActor(changer.username);
  const updated = await db.transaction(async (tx) => {
    // Owners are locked in a fixed order, so that two demotions cannot leave none.
    await lockApprovers(tx);
    const before = await operatorRow(tx, id);
    const role = input.role ?? before.role;
    const disabled = input.disabled ?? before.disabled;
    const stillOwner = role === 'owner' && !disabled;
    if (before.role === 'owner' && !before.disabled && !stillOwner) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(operators)
        .where(and(eq(operators.role, 'owner'), eq(operators.disabled, false), ne(operators.id, id)));
      if (!others?.n) return fail('lastOwner');
    }
    // A new approving role is given by the changer: the account awaits a vouch as a new one would.
    const promoted = isApprover(role) && !isApprover(before.role);
    const vouch = promoted ? await setUpBy(tx, role, changer.id) : {};
    const [after] = await tx
      .update(operators)
      .set({ role, disabled, ...vouch })
      .where(eq(operators.id, id))
      .returning();
    if (disabled) await endSessions(tx, id);
    await audit(tx, {
      actor,
      action: 'operator.update',
      target: operatorActor(before.username),
      before: audited(before),
      after: audited(after as OperatorRecord),
    });
    if (promoted) await establishFourEyes(tx, before.username, actor);
    return after as OperatorRecord;
  });
  return listedOne(db, await operatorWithPasskeys(db, updated.id));
}

/** Clears the failed sign-ins and the lock they set. */
export async function unlockOperator(db: Db, id: number, actor: string) {
  const updated = await db.transaction(async (tx) => {
    const before = await operatorRow(tx, id);
    const [after] = await tx
      .update(operators)
      .set({ failedLogins: 0, lockedUntil: null })
      .where(eq(operators.id, id))
      .returning();
    await audit(tx, {
      actor,
      action: 'operator.unlock',
      target: operatorActor(before.username),
      before: { failedLogins: before.failedLogins, lockedUntil: before.lockedUntil?.toISOString() ?? null },
      after: { failedLogins: 0, lockedUntil: null },
    });
    return after as OperatorRecord;
  });
  return listedOne(db, await operatorWithPasskeys(db, updated.id));
}

/**
 * Another operator's lost passkeys (docs/operations.md, "Passkeys"): removes them all and ends the
 * operator's sessions, audited; the operator then signs in with password and TOTP to enrol a new
 * one. Never the owner's own: that would let one person drop the requirement alone.
 */
export async function clearPasskeys(db: Db, owner: Operator, id: number) {
  if (id === owner.id) return fail('passkeyOwnRecovery');
  await db.transaction(async (tx) => {
    const before = await operatorRow(tx, id);
    const removed = await tx.delete(operatorPasskeys).where(eq(operatorPasskeys.operatorId, id)).returning();
    await endSessions(tx, id);
    await audit(tx, {
      actor: operatorActor(owner.username),
      action: 'operator.passkey.clear',
      target: operatorActor(before.username),
      before: { passkeys: removed.map((row) => ({ passkey: String(row.id), name: row.name })) },
      after: { passkeys: [] },
    });
  });
  return listedOne(db, await operatorWithPasskeys(db, id));
}

/**
 * An approver vouches for an account awaiting it: never the account itself nor whoever set it up,
 * and only an approver who may decide four-eyes questions (docs/operations.md, "Approvers and vouching").
 */
export async function vouchOperator(db: Db, voucher: Operator, id: number, now: Date) {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) return fail('notFound');
    if (before.id === voucher.id || before.setUpById === voucher.id) return fail('vouchNotAllowed');
    await checkApprover(tx, voucher.id, before.setUpById);
    if (!before.vouchNeeded) return fail('vouchNotNeeded');
    const [after] = await tx
      .update(operators)
      .set({ vouchNeeded: false, vouchedById: voucher.id, vouchedAt: now })
      .where(eq(operators.id, id))
      .returning();
    await audit(tx, {
      actor: operatorActor(voucher.username),
      action: 'operator.vouch',
      target: operatorActor(before.username),
      before: { vouchNeeded: true },
      after: { vouchNeeded: false, role: before.role },
    });
    return after as OperatorRecord;
  });
  return listedOne(db, await operatorWithPasskeys(db, updated.id));
}
