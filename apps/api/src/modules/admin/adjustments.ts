import { ASSETS, type Asset, formatAmount, parseAmount } from '@minecloud/contract/amount';
import type { AdjustmentStatus } from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, isoTime, newestFirst, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { dayOf, startOfDay } from '../../lib/calendar.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { findReceiver } from '../asset/service.ts';
import type { Operator } from '../auth/operators.ts';
import { getSetting } from '../config/settings.ts';
import { type AdjustInput, moveAdjustment, signedAdjustUnits } from './ledger-service.ts';

/**
 * Issue 23, "no insider mints money": an operator's credit to a member moves at once only while
 * the operator's own unapproved credits of the settlement day stay within
 * `ledger.adjustApprovalAbove.<asset>`; above, it waits as a pending request until a second,
 * different operator approves it. All credits of a day together stay within
 * `ledger.adjustDailyCap.<asset>`, checked under a lock in the transaction that moves the money.
 * Debits (corrections down) move at once. Every operator adjustment is a row of
 * `adjustment_requests`, which the withdrawal review reads (adjustedMember).
 */

type Reader = Pick<Db, 'execute' | 'select'>;

const actorOf = (operator: Operator) => `operator:${operator.username}`;

function settingUnits(text: string, asset: Asset): bigint {
  const parsed = parseAmount(text, asset);
  if (!parsed.ok) throw new Error(`setting amount ${text} is not a ${asset} amount`);
  return parsed.units;
}

/**
 * The two limits of `asset` in effect at `at`, in atomic units. Read one after the other: inside a
 * transaction `db` is one connection, which takes one query at a time.
 */
async function limitsOf(db: Reader, asset: Asset, at: Date) {
  const above = await getSetting(db, `ledger.adjustApprovalAbove.${asset}`, at);
  const cap = await getSetting(db, `ledger.adjustDailyCap.${asset}`, at);
  return { approvalAbove: settingUnits(above, asset), dailyCap: settingUnits(cap, asset) };
}

/** When the settlement day holding `now` began: the daily limits count from there. */
async function dayStartOf(db: Reader, now: Date): Promise<Date> {
  const timeZone = await getSetting(db, 'settlement.timeZone', now);
  return startOfDay(dayOf(now, timeZone), timeZone);
}

/**
 * Credits of `asset` applied since `since`: by every operator (`total`), and those `operatorId`
 * gave alone, without a second operator (`mine`).
 */
async function creditedSince(db: Pick<Db, 'execute'>, asset: Asset, since: Date, operatorId: number) {
  const [row] = await queryRows<{ total: string; mine: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total,
               coalesce(sum(amount) filter (where requested_by_id = ${operatorId} and decided_by_id is null), 0)::text as mine
        from adjustment_requests
        where asset = ${asset} and status = 'applied' and amount > 0 and applied_at >= ${since.toISOString()}::timestamptz`,
  );
  return { total: BigInt(row?.total ?? 0), mine: BigInt(row?.mine ?? 0) };
}

/**
 * Credits of one asset take turns (a transaction-scoped advisory lock): the sums read after it
 * include every credit committed before, so two credits or approvals racing cannot both pass a
 * limit that only one of them fits.
 */
async function lockCredits(tx: Pick<Db, 'execute'>, asset: Asset) {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(`ledger:adjust:${asset}`)}::bigint)`);
}

/** Refuses a credit that would take the day's credits of `asset` above the daily cap. */
function checkDailyCap(credited: bigint, units: bigint, cap: bigint, asset: Asset) {
  if (credited + units <= cap) return;
  failWith('adjustmentDailyCap', {
    asset,
    cap: formatAmount(cap, asset),
    used: formatAmount(credited, asset),
  });
}

async function recordApplied(
  tx: Pick<Db, 'execute'>,
  operator: Operator,
  input: { userId: number; asset: Asset; units: bigint; reason: string },
  transferId: string,
  now: Date,
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into adjustment_requests (user_id, asset, amount, reason, status, requested_by_id, transfer_id, decided_at, applied_at)
        values (${input.userId}, ${input.asset}, ${input.units.toString()}::bigint, ${input.reason}, 'applied', ${operator.id},
                ${Number(transferId)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning id::text`,
  );
  return row?.id as string;
}

async function recordPending(
  tx: TxDb,
  operator: Operator,
  input: { userId: number; asset: Asset; units: bigint; reason: string },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into adjustment_requests (user_id, asset, amount, reason, status, requested_by_id)
        values (${input.userId}, ${input.asset}, ${input.units.toString()}::bigint, ${input.reason}, 'pending', ${operator.id})
        returning id::text`,
  );
  const id = row?.id as string;
  await audit(tx, {
    actor: actorOf(operator),
    action: 'ledger.adjust.request',
    target: `user:${input.userId}:${input.asset}`,
    after: { requestId: id, amount: formatAmount(input.units, input.asset), reason: input.reason, status: 'pending' },
  });
  return id;
}

/**
 * An operator's adjustment (POST ledger/adjust), inside the caller's once-per-key transaction: a
 * debit or a credit within the operator's own daily allowance moves now; a larger credit becomes
 * a pending request and moves nothing.
 */
export async function requestAdjustment(
  tx: TxDb,
  operator: Operator,
  body: AdjustInput,
  legKey: (leg: string) => string,
  now: Date,
) {
  const userId = Number(body.userId);
  await findReceiver(tx, userId);
  const input = { userId, asset: body.asset, units: signedAdjustUnits(body.amount, body.asset), reason: body.reason };
  if (input.units > 0n) {
    await lockCredits(tx, input.asset);
    const limits = await limitsOf(tx, input.asset, now);
    const since = await dayStartOf(tx, now);
    // A credit larger than a whole day's cap can never be applied: refused now, not left pending.
    checkDailyCap(0n, input.units, limits.dailyCap, input.asset);
    const credited = await creditedSince(tx, input.asset, since, operator.id);
    if (credited.mine + input.units > limits.approvalAbove) {
      const requestId = await recordPending(tx, operator, input);
      return { status: 'pending' as const, requestId, transferId: null };
    }
    checkDailyCap(credited.total, input.units, limits.dailyCap, input.asset);
  }
  const { transferId } = await moveAdjustment(tx, { actor: actorOf(operator), ...input, legKey });
  const requestId = await recordApplied(tx, operator, input, transferId, now);
  return { status: 'applied' as const, requestId, transferId };
}

type Locked = {
  id: string;
  user_id: number;
  asset: Asset;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requested_by_id: number;
  requested_by: string;
  decided_by_id: number | null;
  transfer_id: string | null;
};

/** The request, locked for this transaction: decisions on it take turns. */
async function lockRequest(tx: Pick<Db, 'execute'>, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select a.id::text, a.user_id::int, a.asset, a.amount::text, a.reason, a.status, a.requested_by_id::int,
               o.username as requested_by, a.decided_by_id::int, a.transfer_id::text
        from adjustment_requests a join operators o on o.id = a.requested_by_id
        where a.id = ${id} for update of a`,
  );
  if (!row) return fail('adjustmentNotFound');
  return row;
}

/**
 * A second operator approves a pending credit: the money moves now, once (the request's row lock,
 * its status and the transfer's own key), within the daily cap, audited in the same transaction.
 * The requester can never approve its own request. Asking again after one's own approval answers
 * the same.
 */
export async function approveAdjustment(db: Db, operator: Operator, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.status === 'applied' && row.decided_by_id === operator.id) {
      return { id: row.id, status: 'applied' as const, transferId: row.transfer_id };
    }
    if (row.status !== 'pending') return fail('adjustmentDecided');
    if (row.requested_by_id === operator.id) return fail('adjustmentOwnRequest');
    const units = BigInt(row.amount);
    await lockCredits(tx, row.asset);
    const limits = await limitsOf(tx, row.asset, now);
    const since = await dayStartOf(tx, now);
    const credited = await creditedSince(tx, row.asset, since, operator.id);
    checkDailyCap(credited.total, units, limits.dailyCap, row.asset);
    const { transferId } = await moveAdjustment(tx, {
      actor: actorOf(operator),
      userId: row.user_id,
      asset: row.asset,
      units,
      reason: row.reason,
      legKey: (leg) => `adjustment-request:${row.id}:${leg}`,
      action: 'ledger.adjust.approve',
      details: { requestId: row.id, requestedBy: `operator:${row.requested_by}` },
    });
    await tx.execute(
      sql`update adjustment_requests
          set status = 'applied', decided_by_id = ${operator.id}, transfer_id = ${Number(transferId)},
              decided_at = ${now.toISOString()}::timestamptz, applied_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    return { id: row.id, status: 'applied' as const, transferId };
  });
}

/** Rejects a pending credit with a reason (the requester may withdraw its own): nothing moves. */
export async function rejectAdjustment(db: Db, operator: Operator, id: number, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.status !== 'pending') return fail('adjustmentDecided');
    await tx.execute(
      sql`update adjustment_requests
          set status = 'rejected', decided_by_id = ${operator.id}, decision_reason = ${reason},
              decided_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    await audit(tx, {
      actor: actorOf(operator),
      action: 'ledger.adjust.reject',
      target: `user:${row.user_id}:${row.asset}`,
      before: { requestId: row.id, status: 'pending' },
      after: { requestId: row.id, status: 'rejected', reason, requestedBy: `operator:${row.requested_by}` },
    });
    return { id: row.id, status: 'rejected' as const, transferId: null };
  });
}

/**
 * Whether `operatorId` requested or approved a credit to this member that was not rejected, at
 * any time: then another operator must approve the member's withdrawals. The whole history, not
 * "since the last withdrawal": money is fungible, so a credit made before an earlier (smaller)
 * withdrawal may still be in the balance withdrawn now, and only the whole history rules that out.
 * A pending credit counts too: the operator has already asked to fund this member.
 */
export async function adjustedMember(db: Pick<Db, 'execute'>, operatorId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select 1 from adjustment_requests
        where user_id = ${userId} and amount > 0 and status <> 'rejected'
          and (requested_by_id = ${operatorId} or decided_by_id = ${operatorId})
        limit 1`,
  );
  return Boolean(row);
}

type ListRow = {
  id: string;
  user_id: string;
  member_address: string;
  asset: Asset;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requested_by: string;
  decided_by: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  created_at: string;
  decided_at: string | null;
};

/** The console's list of adjustments of one status (pending by default), newest first. */
export async function adjustmentPage(
  db: Pick<Db, 'execute'>,
  query: { status?: AdjustmentStatus | undefined; pageNo: number; pageSize: number },
) {
  const status = query.status ?? 'pending';
  const rows = await queryRows<ListRow>(
    db,
    sql`select a.id::text, a.user_id::text, u.address as member_address, a.asset, a.amount::text, a.reason, a.status,
               r.username as requested_by, d.username as decided_by, a.decision_reason, a.transfer_id::text,
               a.created_at::text, a.decided_at::text
        from adjustment_requests a
        join users u on u.id = a.user_id
        join operators r on r.id = a.requested_by_id
        left join operators d on d.id = a.decided_by_id
        where a.status = ${status}
        order by ${newestFirst('a', 'created_at')} ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from adjustment_requests where status = ${status}`,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      memberAddress: r.member_address,
      asset: r.asset,
      amount: formatAmount(BigInt(r.amount), r.asset),
      reason: r.reason,
      status: r.status,
      requestedBy: r.requested_by,
      decidedBy: r.decided_by,
      decisionReason: r.decision_reason,
      transferId: r.transfer_id,
      createdAt: isoTime(r.created_at) as string,
      decidedAt: isoTime(r.decided_at),
    })),
    total: count?.n ?? 0,
  };
}

/** Per asset, the limits in effect and what was credited today, by anyone and by `operator` alone. */
export async function adjustmentLimits(db: Reader, operator: Operator, now: Date) {
  const since = await dayStartOf(db, now);
  const list = await Promise.all(
    ASSETS.map(async (asset) => {
      const [limits, credited] = await Promise.all([
        limitsOf(db, asset, now),
        creditedSince(db, asset, since, operator.id),
      ]);
      return {
        asset,
        approvalAbove: formatAmount(limits.approvalAbove, asset),
        dailyCap: formatAmount(limits.dailyCap, asset),
        creditedToday: formatAmount(credited.total, asset),
        mineToday: formatAmount(credited.mine, asset),
      };
    }),
  );
  return { list };
}
