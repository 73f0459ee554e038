import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operators, platformFacts } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { operatorActor } from './operators.ts';

/*
 * Approvers and vouching (docs/operations.md, "Approvers and vouching"). An owner who creates an
 * owner or finance account, gives an account one of those roles, or resets one, saw its one-time
 * password and could enrol its second factor: until another approver vouches for it, the account
 * is that owner's hands and its four-eyes decisions are refused. The only exception is the first
 * approver beside the bootstrap owner, made before four eyes is established: a deployment could not
 * start otherwise, and that trust in a single owner is documented.
 */

/** The roles that decide four-eyes questions: setting proposals, large credits, second reviews. */
export const APPROVER_ROLES = ['owner', 'finance'] as const;
export const isApprover = (role: string) => (APPROVER_ROLES as readonly string[]).includes(role);

const FOUR_EYES = 'four-eyes';
type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

/** Takes turns with every other change of who may approve: the owners' rows, in a fixed order. */
export async function lockApprovers(tx: Pick<Db, 'execute'>) {
  await tx.execute(sql`select id from operators where role = 'owner' order by id for update`);
}

export async function fourEyesEstablished(db: Pick<Db, 'select'>) {
  const [row] = await db.select().from(platformFacts).where(eq(platformFacts.fact, FOUR_EYES));
  return row !== undefined;
}

/**
 * The vouch columns of an account `actorId` creates, gives an approving role, or resets: set up by
 * the actor, any earlier vouch gone; an approver awaits a vouch once four eyes is established, and
 * before that counts as vouched (the first approver's exemption; `vouched_at` without a voucher).
 */
export async function setUpBy(tx: Pick<Db, 'select'>, role: string, actorId: number) {
  const approver = isApprover(role);
  const established = approver && (await fourEyesEstablished(tx));
  return {
    setUpById: actorId,
    vouchNeeded: established,
    vouchedById: null,
    vouchedAt: approver && !established ? new Date() : null,
  };
}

/**
 * After an account became an approver: once two approvers exist, four eyes is established, for
 * good, and the audit says which account made it so.
 */
export async function establishFourEyes(tx: Tx, username: string, actor: string) {
  if (await fourEyesEstablished(tx)) return;
  const [approvers] = await tx
    .select({ n: count() })
    .from(operators)
    .where(inArray(operators.role, [...APPROVER_ROLES]));
  if ((approvers?.n ?? 0) < 2) return;
  await tx.insert(platformFacts).values({ fact: FOUR_EYES }).onConflictDoNothing();
  await audit(tx, { actor, action: 'operator.first-approver', target: operatorActor(username) });
}

/**
 * Refuses a four-eyes decision (approving or rejecting a setting proposal, approving a credit above
 * the limit, a withdrawal's second review, a vouch) by an operator awaiting a vouch, by one set up
 * by `askedBy` (who asked for what is decided, or approved it first) and not vouched for since, or
 * on what an account the decider set up asked for before anyone else vouched for it: either way
 * one operator's hands would be on both sides.
 */
export async function checkApprover(tx: Pick<Db, 'select'>, operatorId: number, askedBy: number | null) {
  const ids = askedBy === null ? [operatorId] : [operatorId, askedBy];
  const rows = await tx
    .select({
      id: operators.id,
      vouchNeeded: operators.vouchNeeded,
      setUpById: operators.setUpById,
      vouchedAt: operators.vouchedAt,
    })
    .from(operators)
    .where(inArray(operators.id, ids));
  const decider = rows.find((row) => row.id === operatorId);
  const asker = rows.find((row) => row.id === askedBy);
  const unvouchedOf = (row: typeof asker, by: number) => row?.setUpById === by && row.vouchedAt === null;
  if (!decider || decider.vouchNeeded) return fail('approverAwaitingVouch');
  if (askedBy === null) return;
  if (unvouchedOf(decider, askedBy)) return fail('approverSetUpByAsker');
  if (unvouchedOf(asker, operatorId)) return fail('askerSetUpByApprover');
}
