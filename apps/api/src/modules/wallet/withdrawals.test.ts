import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@minecloud/contract/errors';
import type { Withdrawal } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTooManyDecimals } from '../../../test/amounts.ts';
import { buildTestApp, createdOperator, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, get, type Member, newMember, post, quickMembers, unitsOf } from '../../../test/money.ts';
import { confirmCode, giveEmail, operatorCall, secondOperator, withdrawPath } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { fixedClock } from '../../lib/clock.ts';
import { oncePerKey } from '../../money/idempotency.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { lockWithdrawal } from './withdrawals.ts';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const clock = fixedClock(new Date());
/** Codes are one a minute per member: each test's code is asked a minute after the last. */
async function freshCode(app: TestApp, member: Member) {
  clock.advance(61_000);
  return confirmCode(app, member);
}

async function withdraw(app: TestApp, member: Member, body: object, asset: 'USDT' | 'BTC' = 'USDT', key?: string) {
  return post(app, member, withdrawPath(asset), body, key);
}

const stagesOf = (item: Record<string, unknown> | undefined) =>
  ((item?.timeline ?? []) as { stage: string }[]).map((e) => e.stage);

async function history(app: TestApp, member: Member, asset?: 'USDT' | 'BTC') {
  const res = await get(app, member, `biz/withdraw/page?pageNo=1&pageSize=20${asset ? `&asset=${asset}` : ''}`);
  return res.body.data as { list: Record<string, unknown>[]; total: number };
}

describe('withdrawal requests', () => {
  let app: TestApp;
  let m: Member;
  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { clock });
    m = await newMember(app);
  });
  afterAll(() => app.close());

  it('asks for a bound email first, then answers each bad field with its prompt', async () => {
    const body = { amount: '20', address: ADDRESS, emailCode: '123456' };
    expect((await withdraw(app, m, body)).body).toMatchObject({ code: 1074, msg: 'Bind Email First' });
    await giveEmail(app, m);
    await fund(app, m.userId, 'USDT', '100');
    const cases: [object, number, string][] = [
      [{ amount: '' }, 1080, 'Enter Amount'],
      [{ amount: '12.3456789' }, 1016, 'Use at most 2 decimal places'],
      [{ amount: '12.345' }, 1016, 'Use at most 2 decimal places'],
      [{ amount: 'ten' }, 1011, 'Invalid Amount'],
      [{ amount: '9.99' }, 1082, 'The minimum withdrawal is 10 USDT'],
      [{ address: '' }, 1075, 'Invalid Address'],
      [{ address: '0x8ba1f109551bd432803012645ac136ddd64dba7' }, 1075, 'Invalid Address'],
      // One letter's case changed: a broken checksum.
      [{ address: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72' }, 1075, 'Invalid Address'],
      [{ emailCode: '' }, 1081, 'Enter the email code'],
      [{ amount: '100.01' }, 1010, ''],
    ];
    for (const [change, code, msg] of cases) {
      const res = await withdraw(app, m, { ...body, ...change });
      expect(res.body.code, JSON.stringify(change)).toBe(code);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(0n);
  });

  it('moves the amount from available to locked, once per key, with the fee shown and a timeline', async () => {
    const code = await freshCode(app, m);
    // A wrong code first: refused, counted, nothing locked.
    expect((await withdraw(app, m, { amount: '30', address: ADDRESS, emailCode: '000000' })).body.code).toBe(
      code === '000000' ? 0 : 1071,
    );
    const key = randomUUID();
    const body = { amount: '30', address: ADDRESS.toLowerCase(), emailCode: code };
    const first = await withdraw(app, m, body, 'USDT', key);
    expect(first.body).toMatchObject({ code: 0, data: { status: 'processing' } });
    // The same action again (a retry): the same answer, nothing more locked, though the code is spent.
    const again = await withdraw(app, m, body, 'USDT', key);
    expect(again.body.data).toEqual(first.body.data);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(70_000_000n);
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(30_000_000n);
    // The spent code does not work for a new request, and the answer says why.
    expect((await withdraw(app, m, body)).body).toMatchObject({
      code: 1077,
      msg: 'This code was already used; request a new one',
    });
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(30_000_000n);

    const { list, total } = await history(app, m);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      id: first.body.data.withdrawalId,
      asset: 'USDT',
      amount: '30',
      fee: '1',
      received: '29',
      address: ADDRESS,
      status: 'processing',
      state: 'review',
      reason: null,
      txHash: null,
      confirmations: null,
      requiredConfirmations: 12,
    });
    expect(stagesOf(list[0])).toEqual(['submitted']);
    const records = await get(app, m, 'biz/user-usdt-record/page?pageNo=1&pageSize=5');
    expect(records.body.data.list[0]).toMatchObject({ kind: 'withdraw_lock', direction: 'out', amount: '30' });
  });

  it('does not spend the code on a request the balance cannot cover', async () => {
    const code = await freshCode(app, m);
    expect((await withdraw(app, m, { amount: '80', address: ADDRESS, emailCode: code })).body.code).toBe(1010);
    await fund(app, m.userId, 'USDT', '10');
    expect((await withdraw(app, m, { amount: '80', address: ADDRESS, emailCode: code })).body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(0n);
  });

  it('withdraws BTC with its own minimum and fee, listed under BTC only', async () => {
    await fund(app, m.userId, 'BTC', '0.01');
    const code = await freshCode(app, m);
    expect((await withdraw(app, m, { amount: '0.0009', address: ADDRESS, emailCode: code }, 'BTC')).body.msg).toBe(
      'The minimum withdrawal is 0.001 BTC',
    );
    expect((await withdraw(app, m, { amount: '0.005', address: ADDRESS, emailCode: code }, 'BTC')).body.code).toBe(0);
    const btc = await history(app, m, 'BTC');
    expect(btc.list).toHaveLength(1);
    expect(btc.list[0]).toMatchObject({ amount: '0.005', fee: '0.0001', received: '0.0049' });
    expect((await history(app, m, 'USDT')).total).toBe(2);
    expect((await history(app, m)).total).toBe(3);
  });

  it('refuses 12.345 USDT and BTC with 9 decimals, moving nothing and spending no code; 12.34 then goes through', async () => {
    const w = await newMember(app);
    await giveEmail(app, w);
    await fund(app, w.userId, 'USDT', '100');
    await fund(app, w.userId, 'BTC', '0.01');
    let code = await freshCode(app, w);
    const key = randomUUID();
    const usdt = { amount: '12.345', address: ADDRESS, emailCode: code };
    await expectTooManyDecimals(app, w, withdrawPath('USDT'), usdt, 2, key);
    await expectTooManyDecimals(app, w, withdrawPath('BTC'), { ...usdt, amount: '0.001000001' }, 8);
    expect(await unitsOf(app, w.userId, 'USDT', 'locked')).toBe(0n);
    expect((await history(app, w)).total).toBe(0);
    // The same code and key still work for the corrected amount.
    const ok = await withdraw(app, w, { ...usdt, amount: '12.34' }, 'USDT', key);
    expect(ok.body).toMatchObject({ code: 0, data: { status: 'processing' } });
    expect(await unitsOf(app, w.userId, 'USDT')).toBe(87_660_000n);
    expect(await unitsOf(app, w.userId, 'USDT', 'locked')).toBe(12_340_000n);
    code = await freshCode(app, w);
    const btc = await withdraw(app, w, { amount: '0.00100001', address: ADDRESS, emailCode: code }, 'BTC');
    expect(btc.body.code).toBe(0);
    expect(await unitsOf(app, w.userId, 'BTC', 'locked')).toBe(100_001n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('shows a member only their own withdrawals', async () => {
    const other = await newMember(app);
    expect((await history(app, other)).total).toBe(0);
  });

  it('lets one code through once when 50 requests race with it', async () => {
    const racer = await newMember(app);
    await giveEmail(app, racer);
    await fund(app, racer.userId, 'USDT', '1000');
    const code = await freshCode(app, racer);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(app, racer, { amount: '10', address: ADDRESS, emailCode: code })),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    // The others lost the race for the code: it was used, not wrong.
    expect(answers.every((a) => a.body.code === 0 || a.body.code === 1077)).toBe(true);
    expect(await unitsOf(app, racer.userId, 'USDT', 'locked')).toBe(10_000_000n);
  });

  it('answers 20 copies of one withdrawal sent at once with one key with the committed answer', async () => {
    const member = await newMember(app);
    await giveEmail(app, member);
    await fund(app, member.userId, 'USDT', '1000');
    const code = await freshCode(app, member);
    const key = randomUUID();
    const body = { amount: '10', address: ADDRESS, emailCode: code };
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(app, member, body, 'USDT', key)));
    // Not one "this code was already used": the copies waited for the first and got its answer.
    const first = answers[0]?.body;
    expect(first).toMatchObject({ code: 0, data: { status: 'processing' } });
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(await unitsOf(app, member.userId, 'USDT', 'locked')).toBe(10_000_000n);
    const [rows] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from withdrawals where user_id = ${member.userId}`,
    );
    expect(rows?.n).toBe(1);
    // A wrong code is still counted when the call is refused, and the key stays free for a retry.
    const retryKey = randomUUID();
    const fresh = await freshCode(app, member);
    const wrong = { ...body, emailCode: fresh === '000000' ? '111111' : '000000' };
    expect((await withdraw(app, member, wrong, 'USDT', retryKey)).body.code).toBe(1071);
    const [tries] = await queryRows<{ attempts: number }>(
      app.db,
      sql`select attempts from email_codes where user_id = ${member.userId} and used_at is null`,
    );
    expect(tries?.attempts).toBe(1);
    const retried = await withdraw(app, member, { ...body, emailCode: fresh }, 'USDT', retryKey);
    expect(retried.body).toMatchObject({ code: 0, data: { status: 'processing' } });
    expect(await unitsOf(app, member.userId, 'USDT', 'locked')).toBe(20_000_000n);
  });
});

describe('200 concurrent withdrawals against a balance that covers k', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('accepts exactly k, refuses the rest, and the ledger balances', async () => {
    const [racer] = await quickMembers(app, 1);
    const member = racer as Member;
    await giveEmail(app, member);
    const k = 37;
    await fund(app, member.userId, 'USDT', String(k * 10));
    // The route's own money transaction (the email code is checked before it, once per request).
    const body = { amount: '10', address: ADDRESS, emailCode: '123456' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        oncePerKey(
          app.db,
          { userId: member.userId, key: `race-${i}`, route: withdrawPath('USDT'), body },
          {
            work: (tx, legKey) =>
              lockWithdrawal(tx, null, member.userId as AuthorizedUserId, 'USDT', body, legKey, new Date()),
          },
        ),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(accepted).toHaveLength(k);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason?.name_ === 'insufficientBalance')).toBe(true);
    expect(await unitsOf(app, member.userId, 'USDT')).toBe(0n);
    expect(await unitsOf(app, member.userId, 'USDT', 'locked')).toBe(BigInt(k) * 10_000_000n);
    const [rows] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from withdrawals where user_id = ${member.userId}`,
    );
    expect(rows?.n).toBe(k);
    const check = await checkLedger(app.db);
    expect(check.ok).toBe(true);
  });
});

describe('operator review', () => {
  let app: TestApp;
  let admin: string;
  let finance: string;
  let m: Member;
  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { clock });
    admin = await operatorToken(app);
    finance = await secondOperator(app, 'finance1');
    m = await newMember(app);
    await giveEmail(app, m);
    await fund(app, m.userId, 'USDT', '100000');
  });
  afterAll(() => app.close());

  async function request(amount: string, member = m) {
    const code = await freshCode(app, member);
    const res = await withdraw(app, member, { amount, address: ADDRESS, emailCode: code });
    expect(res.body.code).toBe(0);
    return res.body.data.withdrawalId as string;
  }
  const audits = async (id: string) =>
    queryRows<{ actor: string; action: string; before: unknown; after: unknown }>(
      app.db,
      sql`select actor, action, before, after from audit_log where target = ${`withdrawal:${id}`} order by id`,
    );

  it('approves below the threshold in one step, audited; a second decision is refused', async () => {
    const id = await request('50');
    const approved = await operatorCall(app, admin, 'withdrawals/approve', { id });
    expect(approved.body).toMatchObject({ code: 0, data: { id, status: 'approved' } });
    expect((await operatorCall(app, finance, 'withdrawals/approve', { id })).body).toMatchObject({
      code: 1084,
      msg: 'This withdrawal has already been decided',
    });
    expect((await operatorCall(app, admin, 'withdrawals/reject', { id, reason: 'late' })).body.code).toBe(1084);
    expect(await audits(id)).toEqual([
      {
        actor: 'operator:admin',
        action: 'withdrawal.approve',
        before: { status: 'review' },
        after: { status: 'approved' },
      },
    ]);
    const mine = await history(app, m);
    expect(mine.list[0]).toMatchObject({ id, status: 'processing' });
    expect(stagesOf(mine.list[0])).toEqual(['submitted', 'approved']);
  });

  it('rejects only with a reason; the funds go back to available and the member sees why', async () => {
    const before = await unitsOf(app, m.userId, 'USDT');
    const id = await request('20');
    expect((await operatorCall(app, admin, 'withdrawals/reject', { id })).body).toMatchObject({
      code: 1087,
      msg: 'Give a reason for the rejection',
    });
    const rejected = await operatorCall(app, admin, 'withdrawals/reject', {
      id,
      reason: 'Address on a sanctions list',
    });
    expect(rejected.body.data).toEqual({ id, status: 'rejected' });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(before);
    const item = (await history(app, m)).list.find((w) => w.id === id);
    expect(item).toMatchObject({ status: 'failed', reason: 'Address on a sanctions list' });
    expect(stagesOf(item)).toEqual(['submitted', 'rejected']);
    expect(await audits(id)).toMatchObject([
      { action: 'withdrawal.reject', after: { status: 'rejected', reason: 'Address on a sanctions list' } },
    ]);
    const records = await get(app, m, 'biz/user-usdt-record/page?pageNo=1&pageSize=1');
    expect(records.body.data.list[0]).toMatchObject({ kind: 'withdraw_release', direction: 'in', amount: '20' });
  });

  it('needs a second, different operator at or above the threshold', async () => {
    const id = await request('10000');
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('secondReview');
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body).toMatchObject({
      code: 1086,
      msg: 'A second, different operator must approve',
    });
    const page = await operatorCall(app, admin, 'withdrawals/page?status=secondReview&pageNo=1&pageSize=10');
    expect(page.body.data.list).toEqual([
      expect.objectContaining({ id, reviewStatus: 'secondReview', firstApprover: 'admin', needsSecondApproval: true }),
    ]);
    expect((await operatorCall(app, finance, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
    const [row] = (await operatorCall(app, admin, 'withdrawals/page?status=approved&pageNo=1&pageSize=10')).body.data
      .list as Record<string, unknown>[];
    expect(row).toMatchObject({ id, firstApprover: 'admin', secondApprover: 'finance1', userId: String(m.userId) });
    expect((await audits(id)).map((a) => a.actor)).toEqual(['operator:admin', 'operator:finance1']);
  });

  it('refuses a second review by an approver the first approver set up, until another vouches', async () => {
    // Four eyes established (the accounts of this file are made without the console).
    await app.db.execute(sql`insert into platform_facts (fact) values ('four-eyes') on conflict do nothing`);
    const wanda = await createdOperator(app, admin, 'wanda', 'finance');
    const id = await request('10000');
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('secondReview');
    expect((await operatorCall(app, wanda.token, 'withdrawals/approve', { id })).body.code).toBe(
      ERROR_CODES.approverAwaitingVouch,
    );
    expect((await operatorCall(app, finance, `operators/${wanda.id}/vouch`, {})).body.code).toBe(0);
    expect((await operatorCall(app, wanda.token, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
  });

  it('never lets an operator approve a withdrawal of an account they own', async () => {
    const id = await request('30');
    expect(
      (await operatorCall(app, admin, 'operators/members', { operator: 'finance1', userId: String(m.userId) })).body
        .code,
    ).toBe(0);
    const refused = await operatorCall(app, finance, 'withdrawals/approve', { id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 1085, msg: 'You cannot approve a withdrawal of your own account' });
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.code).toBe(0);
    const [linked] = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target = 'operator:finance1' and action like 'operator.member%'`,
    );
    expect(linked?.action).toBe('operator.member.link');
  });

  it('gives each withdrawal its state; without a chain an approved one is paused, and the console says so', async () => {
    // A member of its own: email codes are ten an hour per member.
    const member = await newMember(app);
    await giveEmail(app, member);
    await fund(app, member.userId, 'USDT', '20000');
    const inReview = await request('11', member);
    const second = await request('10000', member);
    const rejected = await request('12', member);
    const approved = await request('13', member);
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id: second })).body.data.status).toBe(
      'secondReview',
    );
    expect((await operatorCall(app, admin, 'withdrawals/reject', { id: rejected, reason: 'no' })).body.code).toBe(0);
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id: approved })).body.data.status).toBe('approved');
    const expected = { [inReview]: 'review', [second]: 'secondReview', [rejected]: 'rejected', [approved]: 'paused' };

    const mine = (await get(app, member, 'biz/withdraw/page?pageNo=1&pageSize=100')).body.data.list as Withdrawal[];
    const memberStates = Object.fromEntries(mine.map((w) => [w.id, [w.state, w.status]]));
    expect(memberStates).toEqual({
      [inReview]: ['review', 'processing'],
      [second]: ['secondReview', 'processing'],
      [rejected]: ['rejected', 'failed'],
      [approved]: ['paused', 'processing'],
    });

    const page = (await operatorCall(app, admin, 'withdrawals/page?pageNo=1&pageSize=100')).body.data;
    expect(page.payoutsRunning).toBe(false);
    const rows = (page.list as { id: string; state: string; reviewStatus: string }[]).filter((w) => w.id in expected);
    expect(Object.fromEntries(rows.map((w) => [w.id, [w.state, w.reviewStatus]]))).toEqual({
      [inReview]: ['review', 'review'],
      [second]: ['secondReview', 'secondReview'],
      [rejected]: ['rejected', 'rejected'],
      [approved]: ['paused', 'approved'],
    });
    // Every row the console and the member get carries a state.
    expect(page.list.every((w: { state?: string }) => typeof w.state === 'string')).toBe(true);
    // Filtered by review status, the approved ones are still shown paused.
    const onlyApproved = (await operatorCall(app, admin, 'withdrawals/page?status=approved&pageNo=1&pageSize=100')).body
      .data;
    expect(onlyApproved.payoutsRunning).toBe(false);
    expect(new Set(onlyApproved.list.map((w: { state: string }) => w.state))).toEqual(new Set(['paused']));
    // The export says it in the same words.
    const csv = await app.inject({
      method: 'GET',
      url: '/admin-api/withdrawals/export.csv',
      headers: { authorization: `Bearer ${admin}` },
    });
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain(',status,state,');
    const lineOf = (id: string) => lines.find((line) => line.startsWith(`${id},`));
    expect(lineOf(approved)).toContain(',approved,"Approved, payouts paused",');
    expect(lineOf(inReview)).toContain(',review,In review,');
    expect(lineOf(rejected)).toContain(',rejected,Audit failed,');
  });

  it('answers an unknown withdrawal with 404 and refuses calls without an operator token', async () => {
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id: '999999' })).status).toBe(404);
    const anon = await app.inject({ method: 'POST', url: '/admin-api/withdrawals/approve', payload: { id: '1' } });
    expect(anon.statusCode).toBe(401);
    const asMember = await app.inject({
      method: 'GET',
      url: '/admin-api/withdrawals/page?pageNo=1&pageSize=5',
      headers: m.headers,
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('resolves two approvals at once, and an approval racing a rejection, exactly once', async () => {
    const twice = await request('40');
    const both = await Promise.all([
      operatorCall(app, admin, 'withdrawals/approve', { id: twice }),
      operatorCall(app, admin, 'withdrawals/approve', { id: twice }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 1084]);
    expect((await audits(twice)).length).toBe(1);

    for (let round = 0; round < 4; round++) {
      const available = await unitsOf(app, m.userId, 'USDT');
      const locked = await unitsOf(app, m.userId, 'USDT', 'locked');
      const id = await request('25');
      const [approve, reject] = await Promise.all([
        operatorCall(app, admin, 'withdrawals/approve', { id }),
        operatorCall(app, finance, 'withdrawals/reject', { id, reason: 'race' }),
      ]);
      expect([approve.body.code, reject.body.code].sort()).toEqual([0, 1084]);
      const rejected = reject.body.code === 0;
      expect(await unitsOf(app, m.userId, 'USDT')).toBe(rejected ? available : available - 25_000_000n);
      expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(rejected ? locked : locked + 25_000_000n);
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});
