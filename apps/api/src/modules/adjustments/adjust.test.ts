import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, get, newMember, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  token = await operatorToken(app);
});
afterAll(() => app.close());

const adjust = (payload: object, key = randomUUID(), auth = token) =>
  app.inject({
    method: 'POST',
    url: '/admin-api/ledger/adjust',
    headers: { authorization: `Bearer ${auth}`, 'idempotency-key': key, 'accept-language': 'en' },
    payload,
  });

describe('ledger/adjust and ledger/check', () => {
  it('credits and debits a member through the ledger, with an audit row each, and stays balanced', async () => {
    const m = await newMember(app);
    const credit = await adjust({ userId: String(m.userId), asset: 'USDT', amount: '25.5', reason: 'welcome bonus' });
    expect(credit.json()).toMatchObject({ code: 0, data: { transferId: expect.any(String) } });
    const debit = await adjust({ userId: String(m.userId), asset: 'USDT', amount: '-5.5', reason: 'correction' });
    expect(debit.json().code).toBe(0);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(20_000_000n);
    const audit = await queryRows<{
      actor: string;
      action: string;
      before: unknown;
      after: { reason: string; available: string };
    }>(
      app.db,
      sql`select actor, action, before, after from audit_log where target = ${`user:${m.userId}:USDT`} order by id`,
    );
    expect(audit).toEqual([
      {
        actor: 'operator:admin',
        action: 'ledger.adjust',
        before: { available: '0' },
        after: expect.objectContaining({ available: '25.5', reason: 'welcome bonus' }),
      },
      {
        actor: 'operator:admin',
        action: 'ledger.adjust',
        before: { available: '25.5' },
        after: expect.objectContaining({ available: '20', reason: 'correction' }),
      },
    ]);
    const overdraw = await adjust({ userId: String(m.userId), asset: 'USDT', amount: '-21', reason: 'too much' });
    expect(overdraw.json().code).toBe(1010);
    const check = await app.inject({
      method: 'GET',
      url: '/admin-api/ledger/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json().data).toMatchObject({ ok: true, mismatches: [] });
    expect(check.json().data.assets).toEqual([
      { asset: 'GOLD', sum: '0' },
      { asset: 'USDT', sum: '0' },
      { asset: 'BTC', sum: '0' },
    ]);
  });

  it('applies a repeated adjustment once', async () => {
    const m = await newMember(app);
    const key = randomUUID();
    const body = { userId: String(m.userId), asset: 'GOLD', amount: '10', reason: 'event prize' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(body, key)));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(1000n);
  });

  it('refuses bad adjustments with a 4xx: unknown member, no reason, bad amount', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '1');
    expect((await adjust({ userId: '999999999', asset: 'USDT', amount: '1', reason: 'nobody' })).statusCode).toBe(404);
    expect((await adjust({ userId: String(m.userId), asset: 'USDT', amount: '1', reason: '' })).statusCode).toBe(400);
    expect(
      (await adjust({ userId: String(m.userId), asset: 'USDT', amount: '1.0000001', reason: 'precision' })).json().code,
    ).toBe(1011);
    expect((await adjust({ userId: String(m.userId), asset: 'USDT', amount: '0', reason: 'zero' })).json().code).toBe(
      1011,
    );
    expect((await get(app, m, 'biz/biz-user/get')).body.data.balances.USDT).toBe('1');
  });
});
