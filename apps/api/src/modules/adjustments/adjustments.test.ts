import { randomUUID } from 'node:crypto';
import type { SettingKey } from '@minecloud/contract/settings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, operatorWithRole, type TestApp } from '../../../test/app.ts';
import { fund, type Member, newMember, unitsOf } from '../../../test/money.ts';
import { giveEmail, operatorCall } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { setSetting } from '../config/settings.ts';
import { lockWithdrawal } from '../wallet/withdrawals.ts';

/**
 * One operator cannot mint money. Defaults: one operator may credit 1000 USDT a
 * day alone; 50000 USDT a day in all.
 */
let app: TestApp;
let owner: string;
let fin1: string;
let fin2: string;
let fin3: string;
beforeAll(async () => {
  app = await buildTestApp();
  owner = await operatorToken(app);
  [fin1, fin2, fin3] = await Promise.all([
    operatorWithRole(app, 'fin1', 'finance'),
    operatorWithRole(app, 'fin2', 'finance'),
    operatorWithRole(app, 'fin3', 'finance'),
  ]);
});
afterAll(() => app.close());

const adjust = async (token: string, payload: object, key = randomUUID()) => {
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/ledger/adjust',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'accept-language': 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
};
const approve = (token: string, id: string) => operatorCall(app, token, `ledger/adjustments/${id}/approve`, {});
const reject = (token: string, id: string, reason: string) =>
  operatorCall(app, token, `ledger/adjustments/${id}/reject`, { reason });
const credit = (member: Member, asset: string, amount: string) => ({
  userId: String(member.userId),
  asset,
  amount,
  reason: 'goodwill credit',
});

/** A setting in effect from a minute ago (the console's own changes take effect 5 s later). */
async function setNow(key: SettingKey, value: string) {
  await setSetting(app.db, key, value, 'test', { effectiveAt: new Date(Date.now() - 60_000) });
}

async function expectLedgerBalanced() {
  expect(await checkLedger(app.db)).toMatchObject({ ok: true, mismatches: [] });
}

describe('a credit above what one operator may give alone', () => {
  it('leaves the balance unchanged until a second, different operator approves it, once', async () => {
    const m = await newMember(app);
    const asked = await adjust(fin1, credit(m, 'USDT', '5000'));
    expect(asked.body).toMatchObject({ code: 0, data: { status: 'pending', transferId: null } });
    const id = asked.body.data.requestId as string;
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(0n);

    const pending = await operatorCall(app, fin2, 'ledger/adjustments?pageNo=1&pageSize=50');
    expect(pending.body.data.list).toContainEqual(
      expect.objectContaining({
        id,
        userId: String(m.userId),
        asset: 'USDT',
        amount: '5000',
        reason: 'goodwill credit',
        status: 'pending',
        requestedBy: 'fin1',
        decidedBy: null,
      }),
    );

    // The requester cannot approve its own request.
    const own = await approve(fin1, id);
    expect(own).toMatchObject({ status: 403, body: { code: 1114 } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(0n);

    const approved = await approve(fin2, id);
    expect(approved.body).toMatchObject({ code: 0, data: { id, status: 'applied', transferId: expect.any(String) } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(5_000_000_000n);
    // Asked again: the same answer, nothing moves twice; a third operator finds it decided.
    expect((await approve(fin2, id)).body.data).toEqual(approved.body.data);
    expect((await approve(fin3, id)).body.code).toBe(1113);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(5_000_000_000n);

    const audit = await queryRows<{ actor: string; action: string; after: Record<string, unknown> }>(
      app.db,
      sql`select actor, action, after from audit_log where target = ${`user:${m.userId}:USDT`} order by id`,
    );
    expect(audit).toEqual([
      {
        actor: 'operator:fin1',
        action: 'ledger.adjust.request',
        after: expect.objectContaining({ requestId: id, amount: '5000', status: 'pending' }),
      },
      {
        actor: 'operator:fin2',
        action: 'ledger.adjust.approve',
        after: expect.objectContaining({ available: '5000', requestId: id, requestedBy: 'operator:fin1' }),
      },
    ]);
    await expectLedgerBalanced();
  });

  it('counts an operator’s own credits of the day together: splitting does not avoid a second operator', async () => {
    const m = await newMember(app);
    // fin3 has credited nothing alone yet today: 600 moves, the next 600 would make 1200 > 1000.
    expect((await adjust(fin3, credit(m, 'USDT', '600'))).body.data.status).toBe('applied');
    const second = await adjust(fin3, credit(m, 'USDT', '600'));
    expect(second.body.data.status).toBe('pending');
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(600_000_000n);
    // Debits stay immediate, audited.
    expect((await adjust(fin3, credit(m, 'USDT', '-100'))).body.data).toMatchObject({ status: 'applied' });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(500_000_000n);

    const limits = await operatorCall(app, fin3, 'ledger/adjustments/limits');
    expect(limits.body.data.list).toContainEqual({
      asset: 'USDT',
      approvalAbove: '1000',
      dailyCap: '50000',
      creditedToday: expect.any(String),
      mineToday: '600',
    });
    // Rejected: nothing moves, and it cannot be approved afterwards.
    const id = second.body.data.requestId as string;
    expect((await reject(fin1, id, 'duplicate')).body.data).toMatchObject({ id, status: 'rejected' });
    expect((await approve(fin2, id)).body.code).toBe(1113);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(500_000_000n);
    const rejected = await operatorCall(app, fin1, 'ledger/adjustments?status=rejected');
    expect(rejected.body.data.list).toContainEqual(
      expect.objectContaining({ id, decidedBy: 'fin1', decisionReason: 'duplicate' }),
    );
  });
});

describe('the daily cap of credits', () => {
  it('refuses a credit larger than the cap outright, and lets only one of two racing approvals pass it', async () => {
    await setNow('ledger.adjustApprovalAbove.GOLD', '0');
    await setNow('ledger.adjustDailyCap.GOLD', '1000');
    const m = await newMember(app);
    expect((await adjust(fin1, credit(m, 'GOLD', '1000.01'))).body).toMatchObject({
      code: 1115,
      msg: 'This would exceed today’s GOLD adjustment cap of 1000 (0 already credited today)',
    });
    const a = (await adjust(fin1, credit(m, 'GOLD', '600'))).body.data.requestId as string;
    const b = (await adjust(fin3, credit(m, 'GOLD', '600'))).body.data.requestId as string;
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(0n);

    const outcomes = await Promise.all([approve(fin2, a), approve(owner, b)]);
    expect(outcomes.map((o) => o.body.code).sort()).toEqual([0, 1115]);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(60_000n);
    const [applied] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from adjustment_requests where user_id = ${m.userId} and status = 'applied'`,
    );
    expect(applied?.n).toBe(1);
    await expectLedgerBalanced();
  });
});

describe('withdrawal approval after an adjustment', () => {
  const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

  async function withdrawal(member: Member, amount: string): Promise<string> {
    const { withdrawalId } = await app.db.transaction((tx) =>
      lockWithdrawal(
        tx,
        null,
        member.userId as AuthorizedUserId,
        'USDT',
        { amount, address: ADDRESS, emailCode: '000000' },
        (leg) => `test:${randomUUID()}:${leg}`,
        new Date(),
      ),
    );
    return withdrawalId;
  }

  it('is refused to an operator who credited the member, or approved a credit to it; another may approve', async () => {
    const m = await newMember(app);
    await giveEmail(app, m);
    // fin1 credits 100 alone (m's other funds come from elsewhere).
    expect((await adjust(fin1, credit(m, 'USDT', '100'))).body.data.status).toBe('applied');
    await fund(app, m.userId, 'USDT', '20000');
    const small = await withdrawal(m, '50');
    const refused = await operatorCall(app, fin1, 'withdrawals/approve', { id: small });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 1116, msg: 'You adjusted this member’s balance: another operator must approve this withdrawal' },
    });
    expect((await operatorCall(app, fin2, 'withdrawals/approve', { id: small })).body.data.status).toBe('approved');

    // A large credit requested by fin3 and approved by fin2: neither may approve m's withdrawals now,
    // neither as first nor as second approver.
    const asked = await adjust(fin3, credit(m, 'USDT', '4000'));
    expect((await approve(fin2, asked.body.data.requestId)).body.code).toBe(0);
    const large = await withdrawal(m, '15000');
    for (const token of [fin1, fin2, fin3]) {
      expect((await operatorCall(app, token, 'withdrawals/approve', { id: large })).body.code).toBe(1116);
    }
    expect((await operatorCall(app, owner, 'withdrawals/approve', { id: large })).body.data.status).toBe(
      'secondReview',
    );
    expect((await operatorCall(app, fin2, 'withdrawals/approve', { id: large })).body.code).toBe(1116);
    await expectLedgerBalanced();
  });
});
