import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTooManyDecimals } from '../../../test/amounts.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fund, get, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { setSetting } from '../config/settings.ts';

let app: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' });
  alice = await newMember(app);
  bob = await newMember(app);
});
afterAll(() => app.close());

const transferCount = async () =>
  (await queryRows<{ n: string }>(app.db, sql`select count(*)::text as n from transfers`))[0]?.n;

describe('balances and records', () => {
  it('shows every asset with available, locked and earnings', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '12.5');
    await fund(app, m.userId, 'BTC', '0.00000003', 'earnings');
    const { body } = await get(app, m, 'asset/selectAssetBalance');
    expect(body.data.list).toEqual([
      { asset: 'GOLD', available: '0', locked: '0', earnings: '0' },
      { asset: 'USDT', available: '12.5', locked: '0', earnings: '0' },
      { asset: 'BTC', available: '0', locked: '0', earnings: '0.00000003' },
    ]);
    const only = await get(app, m, 'asset/selectAssetBalance?asset=USDT');
    expect(only.body.data.list).toHaveLength(1);
    const user = await get(app, m, 'biz/biz-user/get');
    expect(user.body.data.balances).toEqual({ GOLD: '0', USDT: '12.5', BTC: '0' });
  });

  it('claims earnings into available, all or part, and reports totals', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '3', 'earnings');
    let earnings = await get(app, m, 'biz/biz-user/get/earnings');
    expect(earnings.body.data).toEqual({
      USDT: { total: '3', available: '3' },
      BTC: { total: '0', available: '0' },
      referralTotalU: '3',
    });
    expect((await post(app, m, 'biz/user-usdt-record/receive', { amount: '1.25' })).body.data).toEqual({
      claimed: '1.25',
    });
    expect((await post(app, m, 'biz/user-usdt-record/receive', {})).body.data).toEqual({ claimed: '1.75' });
    const none = await post(app, m, 'biz/user-usdt-record/receive', {});
    expect(none.body).toMatchObject({ code: 1015, msg: 'There are no earnings to claim' });
    const btc = await post(app, m, 'biz/user-btc-record/receive', {});
    expect(btc.body.code).toBe(1015);
    earnings = await get(app, m, 'biz/biz-user/get/earnings');
    expect(earnings.body.data.USDT).toEqual({ total: '3', available: '0' });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(3_000_000n);

    const records = await get(app, m, 'biz/user-usdt-record/page?pageNo=1&pageSize=10');
    expect(records.body.data.total).toBe(3);
    expect(
      records.body.data.list.map((r: { kind: string; direction: string; amount: string }) => [
        r.kind,
        r.direction,
        r.amount,
      ]),
    ).toEqual([
      ['claim', 'in', '1.75'],
      ['claim', 'in', '1.25'],
      ['referral_reward', 'in', '3'],
    ]);
    const onlyClaims = await get(app, m, 'biz/user-usdt-record/page?kind=claim&pageSize=1&pageNo=2');
    expect(onlyClaims.body.data.total).toBe(2);
    expect(onlyClaims.body.data.list.map((r: { amount: string }) => r.amount)).toEqual(['1.25']);
  });

  it("never shows another member's records", async () => {
    const a = await newMember(app);
    const b = await newMember(app);
    await fund(app, a.userId, 'USDT', '5');
    const seen = await get(app, b, 'biz/user-usdt-record/page');
    expect(seen.body.data).toEqual({ list: [], total: 0 });
    expect((await get(app, null, 'biz/user-usdt-record/page')).status).toBe(401);
  });
});

describe('gifts', () => {
  it("shows the receiver's shortened address before the confirm, then moves the amount", async () => {
    await fund(app, alice.userId, 'GOLD', '100');
    const receiver = await get(app, alice, `asset/receiver?userId=${bob.userId}`);
    expect(receiver.body.data).toEqual({
      id: String(bob.userId),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/),
    });
    const sent = await post(app, alice, 'asset/send', { toUserId: String(bob.userId), asset: 'GOLD', amount: '12.34' });
    expect(sent.body).toMatchObject({ code: 0, data: { transferId: expect.stringMatching(/^\d+$/) } });
    expect(await unitsOf(app, alice.userId, 'GOLD')).toBe(8766n);
    expect(await unitsOf(app, bob.userId, 'GOLD')).toBe(1234n);
    const aliceRecords = (await get(app, alice, 'biz/user-usdt-record/page')).body.data;
    expect(aliceRecords.total).toBe(0);
    const aliceGold = (await get(app, alice, 'biz/user-gold-record/page?kind=gift')).body.data;
    expect(aliceGold.list).toEqual([expect.objectContaining({ kind: 'gift', direction: 'out', amount: '12.34' })]);
    const bobGold = (await get(app, bob, 'biz/user-gold-record/page?kind=gift')).body.data;
    expect(bobGold.list).toEqual([expect.objectContaining({ kind: 'gift', direction: 'in', amount: '12.34' })]);
  });

  it.each([
    ['negative', { asset: 'GOLD', amount: '-1' }, 400, 400],
    ['zero', { asset: 'GOLD', amount: '0' }, 400, 1011],
    ['more decimals than a member may enter', { asset: 'GOLD', amount: '1.001' }, 400, 1016],
    ['more decimals than the ledger keeps', { asset: 'USDT', amount: '1.0000001' }, 400, 1016],
    ['non-numeric', { asset: 'GOLD', amount: 'ten' }, 400, 400],
    ['a number, not a string', { asset: 'GOLD', amount: 10 }, 400, 400],
    ['huge', { asset: 'GOLD', amount: '92233720368547758.08' }, 400, 1011],
    ['unknown asset', { asset: 'DOGE', amount: '1' }, 400, 400],
    ['an asset gifts do not allow', { asset: 'BTC', amount: '1' }, 400, 1014],
    ['more than the balance', { asset: 'USDT', amount: '1000000' }, 200, 1010],
  ])('refuses %s and moves nothing', async (_name, payload, status, code) => {
    const before = await checkLedger(app.db);
    const transfersBefore = await transferCount();
    const res = await post(app, alice, 'asset/send', { toUserId: String(bob.userId), ...payload });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.msg).not.toBe('');
    expect(await transferCount()).toBe(transfersBefore);
    expect((await checkLedger(app.db)).ok).toBe(before.ok);
  });

  it('refuses an unknown receiver and oneself', async () => {
    const unknown = await post(app, alice, 'asset/send', { toUserId: '999999999', asset: 'GOLD', amount: '1' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 1012, msg: 'No member has this ID' } });
    const self = await post(app, alice, 'asset/send', { toUserId: String(alice.userId), asset: 'GOLD', amount: '1' });
    expect(self).toMatchObject({ status: 400, body: { code: 1013, msg: 'You cannot gift to yourself' } });
    expect((await get(app, alice, 'asset/receiver?userId=999999999')).status).toBe(404);
  });

  it('needs an Idempotency-Key', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/app-api/asset/send',
      headers: { ...alice.headers, 'accept-language': 'en' },
      payload: { toUserId: String(bob.userId), asset: 'GOLD', amount: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid value for Idempotency-Key');
  });
});

describe('top-up and donations', () => {
  it('buys gold coins at the configured rate, exactly', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '10');
    const res = await post(app, m, 'asset/topup', { amountUsdt: '2.5' });
    expect(res.body.data).toEqual({ gold: '250', paidUsdt: '2.5' });
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(25_000n);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(7_500_000n);
    const fine = await post(app, m, 'asset/topup', { amountUsdt: '0.00001' });
    expect(fine).toMatchObject({ status: 400, body: { code: 1016 } });
    await setSetting(app.db, 'gold.perUsdt', 50, 'test');
    try {
      expect((await post(app, m, 'asset/topup', { amountUsdt: '1' })).body.data.gold).toBe('50');
    } finally {
      await setSetting(app.db, 'gold.perUsdt', 100, 'test');
    }
  });

  it('lists donations publicly with shortened addresses', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '5');
    expect((await post(app, m, 'donate_logs/clickDonate', { asset: 'USDT', amount: '1.5' })).body.code).toBe(0);
    const list = await get(app, null, 'donate_logs/list?pageSize=1');
    expect(list.body.data.list).toEqual([
      {
        id: expect.any(String),
        address: expect.stringMatching(/^0x.{4}\.\.\..{4}$/),
        asset: 'USDT',
        amount: '1.5',
        createdAt: expect.any(String),
      },
    ]);
    const invalid = await post(app, m, 'donate_logs/clickDonate', { asset: 'USDT', amount: '0' });
    expect(invalid.body).toMatchObject({ code: 1011, msg: 'Invalid Amount' });
  });
});

describe('amounts with more decimals than a member may enter', () => {
  it('refuses a gift of 1.005 USDT or 0.001 gold with the places named, moving nothing; 1.00 then goes through', async () => {
    const giver = await newMember(app);
    const taker = await newMember(app);
    await fund(app, giver.userId, 'USDT', '10');
    await fund(app, giver.userId, 'GOLD', '10');
    const to = String(taker.userId);
    const key = 'gift-decimals-key';
    await expectTooManyDecimals(app, giver, 'asset/send', { toUserId: to, asset: 'USDT', amount: '1.005' }, 2, key);
    await expectTooManyDecimals(app, giver, 'asset/send', { toUserId: to, asset: 'GOLD', amount: '0.001' }, 2, key);
    expect(await unitsOf(app, giver.userId, 'USDT')).toBe(10_000_000n);
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(0n);
    // The refused requests kept no key: the corrected one may use it.
    const sent = await post(app, giver, 'asset/send', { toUserId: to, asset: 'USDT', amount: '1.00' }, key);
    expect(sent.body).toMatchObject({ code: 0, data: { transferId: expect.any(String) } });
    expect(await unitsOf(app, giver.userId, 'USDT')).toBe(9_000_000n);
    expect(await unitsOf(app, taker.userId, 'USDT')).toBe(1_000_000n);
    expect((await post(app, giver, 'asset/send', { toUserId: to, asset: 'GOLD', amount: '0.01' })).body.code).toBe(0);
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(1n);
  });

  it('refuses a donation of 1.005 USDT or 0.001 gold, moving nothing; 1.00 then goes through', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '5');
    await fund(app, m.userId, 'GOLD', '5');
    const key = 'donation-decimals-key';
    await expectTooManyDecimals(app, m, 'donate_logs/clickDonate', { asset: 'USDT', amount: '1.005' }, 2, key);
    await expectTooManyDecimals(app, m, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '0.001' }, 2);
    const [donations] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from donations where user_id = ${m.userId}`,
    );
    expect(donations?.n).toBe(0);
    const ok = await post(app, m, 'donate_logs/clickDonate', { asset: 'USDT', amount: '1.00' }, key);
    expect(ok.body).toMatchObject({ code: 0, data: { donationId: expect.any(String) } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(4_000_000n);
    expect((await post(app, m, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '0.01' })).body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(499n);
  });

  it('refuses a top-up of 1.005 USDT, moving nothing; 1.00 then buys 100 gold coins', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '5');
    const key = 'topup-decimals-key';
    await expectTooManyDecimals(app, m, 'asset/topup', { amountUsdt: '1.005' }, 2, key);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(0n);
    const ok = await post(app, m, 'asset/topup', { amountUsdt: '1.00' }, key);
    expect(ok.body.data).toEqual({ gold: '100', paidUsdt: '1' });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(4_000_000n);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(10_000n);
  });

  it('refuses to claim 1.005 USDT of earnings, moving nothing; 1.00 then goes through', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '3.123456', 'earnings');
    await expectTooManyDecimals(app, m, 'biz/user-usdt-record/receive', { amount: '1.005' }, 2);
    expect(await unitsOf(app, m.userId, 'USDT', 'earnings')).toBe(3_123_456n);
    expect((await post(app, m, 'biz/user-usdt-record/receive', { amount: '1.00' })).body.data).toEqual({
      claimed: '1',
    });
    // Claiming all (no amount) still takes every unit, sub-cent ones included.
    expect((await post(app, m, 'biz/user-usdt-record/receive', {})).body.data).toEqual({ claimed: '2.123456' });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(3_123_456n);
  });
});

describe('rate limits on money calls', () => {
  it('limits money calls per member session, not per machine', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '3' });
    try {
      const a = await newMember(limited);
      const b = await newMember(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await post(limited, a, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '1' })).status);
      }
      expect(statuses.slice(0, 3).every((s) => s === 200)).toBe(true);
      expect(statuses[3]).toBe(429);
      // Another member on the same IP still gets through.
      expect((await post(limited, b, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '1' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
