import type { SettingProposal } from '@minecloud/contract/console';
import { BOUNDARY_SETTINGS, PROPOSAL_EXPIRY_HOURS, type SettingKey } from '@minecloud/contract/settings';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, queryRows, type TxDb } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import { checkApprover } from '../auth/vouch.ts';
import type { Mailer } from '../mail/mailer.ts';
import { noticeOwners } from './owner-notices.ts';
import { boundaryAtOrAfter, forgetSettings, getSetting, IMMEDIATE_DELAY_MS, recordChange } from './settings.ts';

/*
 * Four eyes on the settings that guard money (docs/operations.md, "Settings that guard money"): a
 * change that loosens a guarded setting (contract settings.ts, `guard`) is a proposal until a second
 * operator, an owner or finance but never its proposer, approves it; it then waits
 * `config.loosenDelayHours` (and a member-facing term the next settlement boundary) before it takes
 * effect, so the other owners see it coming in the console. A proposal lapses after
 * PROPOSAL_EXPIRY_HOURS; its proposer may withdraw it, another operator reject it. Every step writes
 * an audit row, and the approved change its own `config.set` row.
 */

const HOUR_MS = 3_600_000;
const actorOf = (operator: Pick<Operator, 'username'>) => operatorActor(operator.username);

/**
 * When a change of `key` asked for `asked` (or as soon as allowed) takes effect: not before the
 * processes have it (settings.ts, IMMEDIATE_DELAY_MS), after `delayMs` for a loosening one, and a
 * member-facing term at the first settlement boundary at or after that.
 */
export async function effectTime(db: Pick<Db, 'select'>, key: SettingKey, now: Date, asked: Date | null, delayMs = 0) {
  const at = new Date(Math.max(now.getTime() + Math.max(delayMs, IMMEDIATE_DELAY_MS), asked?.getTime() ?? 0));
  return BOUNDARY_SETTINGS.has(key) ? boundaryAtOrAfter(at, await getSetting(db, 'settlement.timeZone', now)) : at;
}

/** When a proposal of `key` approved at `now` takes effect: after the loosening delay in force then. */
async function effectAfterApproval(db: Pick<Db, 'select'>, key: SettingKey, now: Date, asked: Date | null) {
  const delayHours = await getSetting(db, 'config.loosenDelayHours', now);
  return effectTime(db, key, now, asked, delayHours * HOUR_MS);
}

type Row = {
  id: string;
  key: string;
  value: string;
  before: string | null;
  status: SettingProposal['status'];
  proposed_by_id: number;
  proposer: string;
  created_at: string;
  expires_at: string;
  asked_at: string | null;
  decided_by: string | null;
  decided_at: string | null;
  effective_at: string | null;
};

/** The stored values come back as JSON text (see settings.ts storedChanges for why). */
const SELECT = sql`select p.id::text, p.key, p.value::text as value, p.before::text as before, p.status,
       p.proposed_by_id::int, o.username as proposer, p.created_at::text, p.expires_at::text, p.asked_at::text,
       d.username as decided_by, p.decided_at::text, c.effective_at::text as effective_at
  from setting_proposals p
  join operators o on o.id = p.proposed_by_id
  left join operators d on d.id = p.decided_by_id
  left join setting_changes c on c.id = p.change_id`;

function view(row: Row, effectiveAt: string | null): SettingProposal {
  return {
    id: row.id,
    key: row.key,
    before: row.before === null ? null : JSON.parse(row.before),
    value: JSON.parse(row.value),
    status: row.status,
    proposer: row.proposer,
    proposedAt: isoTime(row.created_at) as string,
    expiresAt: isoTime(row.expires_at) as string,
    askedAt: isoTime(row.asked_at),
    decidedBy: row.decided_by,
    decidedAt: isoTime(row.decided_at),
    effectiveAt,
  };
}

async function proposalById(db: Pick<Db, 'execute'>, id: number, lock = false): Promise<Row> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where p.id = ${id} ${lock ? sql`for update of p` : sql``}`);
  if (!row) return fail('proposalNotFound');
  return row;
}

/**
 * Marks the pending proposals past their time expired, each with an audit row. Run before every
 * read or decision, so a lapsed proposal is never approved and the log shows when it lapsed
 * (`decided_at` is its expiry time, whenever it was noticed).
 */
export async function expireProposals(db: Db, now: Date) {
  await db.transaction(async (tx) => {
    const expired = await queryRows<{ id: string; key: string; value: string }>(
      tx,
      sql`update setting_proposals set status = 'expired', decided_at = expires_at
          where status = 'pending' and expires_at <= ${now.toISOString()}::timestamptz
          returning id::text, key, value::text as value`,
    );
    for (const row of expired) {
      await audit(tx, {
        actor: 'system:config',
        action: 'config.expire',
        target: row.key,
        after: { proposalId: row.id, value: JSON.parse(row.value) },
      });
    }
  });
}

/**
 * Records a loosening change of a guarded setting as a pending proposal; nothing changes yet. The
 * other owners see it in the console's pending changes, and every owner with a confirmed address
 * is mailed (owner-notices.ts; docs/operations.md).
 */
export async function proposeChange(
  db: Db,
  mailer: Mailer,
  operator: Operator,
  input: { key: SettingKey; value: unknown; before: unknown; askedAt: Date | null },
  now: Date,
): Promise<SettingProposal> {
  await expireProposals(db, now);
  const expiresAt = new Date(now.getTime() + PROPOSAL_EXPIRY_HOURS * HOUR_MS);
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into setting_proposals (key, value, before, asked_at, proposed_by_id, created_at, expires_at)
          values (${input.key}, ${JSON.stringify(input.value)}::jsonb, ${JSON.stringify(input.before)}::jsonb,
                  ${input.askedAt?.toISOString() ?? null}::timestamptz, ${operator.id},
                  ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
          returning id::text`,
    );
    const proposalId = row?.id as string;
    await audit(tx, {
      actor: actorOf(operator),
      action: 'config.propose',
      target: input.key,
      before: input.before,
      after: { proposalId, value: input.value, expiresAt: expiresAt.toISOString() },
    });
    const notice = { key: input.key, before: input.before, value: input.value, by: operator.username };
    const effectiveAt = await effectAfterApproval(tx, input.key, now, input.askedAt);
    await noticeOwners(tx, mailer, { kind: 'proposed', ...notice, effectiveAt, expiresAt }, now);
    return Number(proposalId);
  });
  return pendingView(db, await proposalById(db, id), now);
}

async function pendingView(db: Db, row: Row, now: Date) {
  const asked = row.asked_at ? new Date(isoTime(row.asked_at) as string) : null;
  const effectiveAt = await effectAfterApproval(db, row.key as SettingKey, now, asked);
  return view(row, effectiveAt.toISOString());
}

/** The proposals waiting for a second operator, oldest first, each with when it would take effect if approved now. */
export async function pendingProposals(db: Db, now: Date) {
  await expireProposals(db, now);
  const rows = await queryRows<Row>(db, sql`${SELECT} where p.status = 'pending' order by p.created_at, p.id`);
  return Promise.all(rows.map((row) => pendingView(db, row, now)));
}

/** Locks a pending proposal for a decision; a decided or lapsed one is refused. */
async function lockPending(tx: TxDb, id: number, now: Date) {
  const row = await proposalById(tx, id, true);
  if (row.status !== 'pending' || Date.parse(isoTime(row.expires_at) as string) <= now.getTime()) {
    return fail('proposalDecided');
  }
  return row;
}

type Decision = { operator: Operator; id: number; now: Date; requestId: string | null };

/**
 * A second operator approves: the change is recorded now to take effect after the loosening delay
 * (and at a settlement boundary for a member-facing term), under its proposer's name with the
 * approver in its audit row, and every owner is mailed when it takes effect. The proposer can
 * never approve it (and the table refuses it too).
 */
export async function approveProposal(db: Db, mailer: Mailer, { operator, id, now, requestId }: Decision) {
  await expireProposals(db, now);
  const answer = await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, now);
    if (row.proposed_by_id === operator.id) return fail('proposalOwnApproval');
    await checkApprover(tx, operator.id, row.proposed_by_id);
    const key = row.key as SettingKey;
    const asked = row.asked_at ? new Date(isoTime(row.asked_at) as string) : null;
    const effectiveAt = await effectAfterApproval(tx, key, now, asked);
    const value = JSON.parse(row.value);
    const change = await recordChange(tx, {
      key,
      value,
      before: await getSetting(tx, key, effectiveAt),
      actor: actorOf({ username: row.proposer }),
      effectiveAt,
      requestId,
      approvedBy: actorOf(operator),
    });
    await tx.execute(
      sql`update setting_proposals set status = 'approved', decided_by_id = ${operator.id},
          decided_at = ${now.toISOString()}::timestamptz, change_id = ${Number(change.id)} where id = ${id}`,
    );
    await audit(tx, {
      actor: actorOf(operator),
      action: 'config.approve',
      target: key,
      before: row.before === null ? null : JSON.parse(row.before),
      after: { proposalId: row.id, value, changeId: change.id, effectiveAt: change.effectiveAt },
    });
    const before = row.before === null ? null : JSON.parse(row.before);
    const notice = { key, before, value, by: operator.username, proposer: row.proposer };
    await noticeOwners(tx, mailer, { kind: 'approved', ...notice, effectiveAt: new Date(change.effectiveAt) }, now);
    return change.effectiveAt;
  });
  forgetSettings();
  return view(await proposalById(db, id), answer);
}

/** Another operator rejects a proposal, or its proposer withdraws it: nothing changes, the log keeps it. */
export async function closeProposal(db: Db, how: 'reject' | 'withdraw', { operator, id, now }: Decision) {
  await expireProposals(db, now);
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, now);
    const own = row.proposed_by_id === operator.id;
    if (how === 'reject' && own) return fail('proposalOwnApproval');
    if (how === 'withdraw' && !own) return fail('proposalNotYours');
    if (how === 'reject') await checkApprover(tx, operator.id, row.proposed_by_id);
    const status = how === 'reject' ? 'rejected' : 'withdrawn';
    await tx.execute(
      sql`update setting_proposals set status = ${status}, decided_by_id = ${operator.id},
          decided_at = ${now.toISOString()}::timestamptz where id = ${id}`,
    );
    await audit(tx, {
      actor: actorOf(operator),
      action: how === 'reject' ? 'config.reject' : 'config.withdraw',
      target: row.key,
      after: { proposalId: row.id, value: JSON.parse(row.value) },
    });
  });
  return view(await proposalById(db, id), null);
}
