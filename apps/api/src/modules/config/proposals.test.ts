import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, consoleCall, operatorToken, operatorWithRole, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';
import { boundaryAtOrAfter, getSetting } from './settings.ts';

/**
 * Four eyes on the settings that guard money (docs/operations.md, "Settings that guard money"): an
 * owner alone cannot loosen one. Raising the approval limit of credits is a proposal that changes
 * nothing until another owner or finance approves it, and then only after the loosening delay
 * (24 h by default); meanwhile a credit above the old limit keeps waiting for a second operator.
 * Tightening applies at once.
 */

const HOUR = 3_600_000;
const clock = fixedClock(new Date());
let app: TestApp;
let owner: string;
let owner2: string;
let finance: string;
let content: string;
let support: string;

beforeAll(async () => {
  app = await buildTestApp({}, undefined, { clock });
  owner = await operatorToken(app);
  [owner2, finance, content, support] = await Promise.all([
    operatorWithRole(app, 'olga', 'owner'),
    operatorWithRole(app, 'fred', 'finance'),
    operatorWithRole(app, 'carla', 'content'),
    operatorWithRole(app, 'sam', 'support'),
  ]);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PUT' | 'POST', path: string, token: string, payload?: object) =>
  consoleCall(app, method, path, token, payload);
const put = (key: string, value: unknown, token = owner) => call('PUT', `config/${key}`, token, { value });
const decide = (id: string, how: 'approve' | 'reject' | 'withdraw', token: string) =>
  call('POST', `config/proposals/${id}/${how}`, token);
const pending = async () => (await call('GET', 'config/proposals', finance)).body.data.list as { id: string }[];

async function creditAlone(userId: number, amount: string) {
  const res = await call('POST', 'ledger/adjust', owner, {
    userId: String(userId),
    asset: 'USDT',
    amount,
    reason: 'goodwill credit',
  });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return res.body.data as { status: string; requestId: string };
}
async function statusOf(requestId: string) {
  const [row] = await queryRows<{ status: string }>(
    app.db,
    sql`select status from adjustment_requests where id = ${Number(requestId)}`,
  );
  return row?.status;
}
async function auditActions(target: string) {
  const rows = await queryRows<{ action: string; actor: string; after: Record<string, unknown> }>(
    app.db,
    sql`select action, actor, after from audit_log where target = ${target} and action like 'config.%' order by id`,
  );
  return rows;
}

describe('a loosening change of a guarded setting', () => {
  it('changes nothing until a second operator approves, then only after the delay', async () => {
    const member = await newMember(app);
    const start = clock.now();
    const waiting = await creditAlone(member.userId, '5000');
    expect(waiting.status).toBe('pending');

    const proposed = await put('ledger.adjustApprovalAbove.USDT', '100000000');
    expect(proposed).toMatchObject({
      status: 200,
      body: {
        code: 0,
        data: { key: 'ledger.adjustApprovalAbove.USDT', before: '1000', value: '100000000', status: 'pending' },
      },
    });
    const id = proposed.body.data.id as string;
    expect(proposed.body.data).toMatchObject({
      proposer: 'admin',
      expiresAt: new Date(start.getTime() + 24 * HOUR).toISOString(),
      effectiveAt: new Date(start.getTime() + 24 * HOUR).toISOString(),
    });
    expect(await getSetting(app.db, 'ledger.adjustApprovalAbove.USDT', new Date(start.getTime() + 1000 * HOUR))).toBe(
      '1000',
    );
    expect((await pending()).map((p) => p.id)).toEqual([id]);

    // Not the proposer, not a role without the right.
    expect(await decide(id, 'approve', owner)).toMatchObject({
      status: 403,
      body: { code: 1137, msg: expect.stringContaining('You proposed this change') },
    });
    for (const token of [content, support]) {
      expect(await decide(id, 'approve', token)).toMatchObject({ status: 403, body: { code: 403 } });
    }
    expect(await creditAlone(member.userId, '5000')).toMatchObject({ status: 'pending' });

    clock.advance(HOUR);
    const approved = await decide(id, 'approve', finance);
    const effectiveAt = new Date(clock.now().getTime() + 24 * HOUR);
    expect(approved.body).toMatchObject({
      code: 0,
      data: { status: 'approved', decidedBy: 'fred', effectiveAt: effectiveAt.toISOString() },
    });
    expect(await decide(id, 'approve', owner2)).toMatchObject({ status: 409, body: { code: 1136 } });
    expect(await pending()).toEqual([]);

    // During the delay a lone credit above the old limit still waits; the first one never moved.
    clock.set(new Date(effectiveAt.getTime() - 1000));
    expect(await creditAlone(member.userId, '5000')).toMatchObject({ status: 'pending' });
    clock.set(new Date(effectiveAt.getTime() + 1000));
    expect(await creditAlone(member.userId, '5000')).toMatchObject({ status: 'applied' });
    expect(await statusOf(waiting.requestId)).toBe('pending');

    expect(await auditActions('ledger.adjustApprovalAbove.USDT')).toEqual([
      expect.objectContaining({ action: 'config.propose', actor: 'operator:admin' }),
      expect.objectContaining({
        action: 'config.set',
        actor: 'operator:admin',
        after: { value: '100000000', effectiveAt: effectiveAt.toISOString(), approvedBy: 'operator:fred' },
      }),
      expect.objectContaining({ action: 'config.approve', actor: 'operator:fred' }),
    ]);
  });

  it('moves a member-facing term to the first settlement boundary after the delay', async () => {
    const proposed = await put('gold.perUsdt', 120);
    expect(proposed.body.data.status).toBe('pending');
    const approved = await decide(proposed.body.data.id, 'approve', owner2);
    const boundary = boundaryAtOrAfter(new Date(clock.now().getTime() + 24 * HOUR), 'Asia/Shanghai');
    expect(approved.body.data).toMatchObject({ status: 'approved', effectiveAt: boundary.toISOString() });
  });

  it('lapses after 24 hours unapproved, audited', async () => {
    const proposed = await put('withdraw.secondApproval.USDT', '20000');
    const id = proposed.body.data.id as string;
    clock.advance(24 * HOUR + 1000);
    expect(await pending()).toEqual([]);
    expect(await decide(id, 'approve', finance)).toMatchObject({ status: 409, body: { code: 1136 } });
    const [row] = await queryRows<{ status: string }>(
      app.db,
      sql`select status from setting_proposals where id = ${Number(id)}`,
    );
    expect(row?.status).toBe('expired');
    expect((await auditActions('withdraw.secondApproval.USDT')).map((r) => r.action)).toEqual([
      'config.propose',
      'config.expire',
    ]);
  });

  it('is withdrawn only by its proposer, and rejected only by another operator', async () => {
    const first = (await put('withdraw.fee.USDT', '0')).body.data.id as string;
    expect(await decide(first, 'withdraw', owner2)).toMatchObject({ status: 403, body: { code: 1138 } });
    expect(await decide(first, 'withdraw', finance)).toMatchObject({ status: 403 });
    expect(await decide(first, 'reject', owner)).toMatchObject({ status: 403, body: { code: 1137 } });
    expect((await decide(first, 'withdraw', owner)).body.data).toMatchObject({ status: 'withdrawn' });

    const second = (await put('withdraw.fee.USDT', '0')).body.data.id as string;
    expect((await decide(second, 'reject', finance)).body.data).toMatchObject({
      status: 'rejected',
      decidedBy: 'fred',
    });
    expect(await decide(second, 'approve', owner2)).toMatchObject({ status: 409 });
    expect(await getSetting(app.db, 'withdraw.fee.USDT', new Date(clock.now().getTime() + 1000 * HOUR))).toBe('1');
  });
});

describe('a tightening change of a guarded setting', () => {
  it('applies at once, by one owner, as any plain change', async () => {
    const before = Date.now();
    const answer = await put('ledger.adjustDailyCap.USDT', '40000');
    expect(answer.body).toMatchObject({ code: 0, data: { before: '50000', value: '40000', actor: 'operator:admin' } });
    expect(answer.body.data.status).toBeUndefined();
    expect(Date.parse(answer.body.data.effectiveAt) - before).toBeLessThan(7_000);
    expect(await getSetting(app.db, 'ledger.adjustDailyCap.USDT', new Date(before + 6_000))).toBe('40000');
    // A lower review threshold is tighter, so it applies at once too.
    expect((await put('withdraw.newAddressHours', 2)).body.data.status).toBeUndefined();
  });
});
