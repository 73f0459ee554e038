import type { OperatorRole, SetupStep } from '@minecloud/contract/console';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operators, passkeyRequiredRoles } from '../../db/schema.ts';

// The subqueries name `operators` in full: drizzle writes a single table's columns unqualified,
// and inside the subquery an unqualified `id` would be the passkey's own.

/**
 * Which roles must sign in with a passkey, and what that means for one operator
 * (docs/operations.md, "Passkeys"): an operator of such a role who has a passkey may not sign in
 * with password and TOTP; one who has none yet may, but only to enrol one (set-up step `passkey`).
 */

/** For a select on `operators`: whether its role requires passkeys and it has none. */
export const needsPasskeySql = sql<boolean>`(exists (select 1 from passkey_required_roles r where r.role = "operators"."role") and not exists (select 1 from operator_passkeys p where p.operator_id = "operators"."id"))`;

/** For a select on `operators`: how many passkeys it has. */
export const passkeyCountSql = sql<number>`(select count(*)::int from operator_passkeys p where p.operator_id = "operators"."id")`;

/** The set-up step a session of this operator has left, if any. */
export function setupOf(row: { mustChangePassword: boolean; totpEnabled: boolean; needsPasskey: boolean }) {
  let step: SetupStep | null = null;
  if (row.mustChangePassword) step = 'password';
  else if (!row.totpEnabled) step = 'totp';
  else if (row.needsPasskey) step = 'passkey';
  return step;
}

/** Whether the operator's role requires passkeys, and how many the operator has. */
export async function passkeyStanding(db: Pick<Db, 'select'>, operatorId: number) {
  const [row] = await db
    .select({
      required: sql<boolean>`exists (select 1 from passkey_required_roles r where r.role = "operators"."role")`,
      passkeys: passkeyCountSql,
    })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return { required: Boolean(row?.required), passkeys: Number(row?.passkeys ?? 0) };
}

export async function passkeyRoles(db: Pick<Db, 'select'>): Promise<OperatorRole[]> {
  const rows = await db.select().from(passkeyRequiredRoles).orderBy(asc(passkeyRequiredRoles.role));
  return rows.map((row) => row.role as OperatorRole);
}
