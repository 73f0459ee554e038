import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { upload } from '../../../test/care.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, get, type Member, newMember, post } from '../../../test/money.ts';
import { invitee } from '../../../test/team.ts';
import { giveEmail, operatorCall, withdrawalInReview } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { settlementJob } from '../../jobs/index.ts';
import { runJob } from '../../jobs/runner.ts';
import { addDays, startOfDay } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Chain } from '../wallet/chain.ts';
import { followAttempts } from '../wallet/payout-follow.ts';
import type { PayoutReport, Round } from '../wallet/payout-round.ts';

/**
 * The notification centre: each event writes exactly one notification, for its member
 * only, in its own transaction; the unread count adds unseen notices; reading marks them.
 */

const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`);
const clock = fixedClock(at('2026-11-20 10:00'));
let app: TestApp;
let admin: string;

type Listed = {
  id: string;
  kind: string;
  params: Record<string, string>;
  read: boolean;
  createdAt: string;
  withdrawalState: string | null;
};
const listOf = async (m: Member): Promise<Listed[]> =>
  (await get(app, m, 'biz/notification/page?pageNo=1&pageSize=100')).body.data.list;
const unread = async (m: Member) => (await get(app, m, 'biz/notification/unread')).body.data;
const rowsOf = (m: Member) =>
  queryRows<{ kind: string }>(app.db, sql`select kind from notifications where user_id = ${m.userId} order by id`);

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' }, undefined, { clock });
  admin = await operatorToken(app);
});
afterAll(() => app.close());

const requested = (m: Member, amount: string) => withdrawalInReview(app, m, amount, 'notify');

describe('money and requests', () => {
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    [alice, bob] = [await newMember(app), await newMember(app)];
    for (const m of [alice, bob]) {
      await giveEmail(app, m);
      await fund(app, m.userId, 'USDT', '500');
    }
  });

  it('an approval, then the payout confirmed on chain with its hash: one notification each, for her only', async () => {
    const id = await requested(alice, '20');
    expect(await rowsOf(alice)).toEqual([]);
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
    expect(await listOf(alice)).toEqual([
      expect.objectContaining({
        kind: 'withdrawal_approved',
        params: { withdrawalId: id, asset: 'USDT', amount: '20' },
        read: false,
        // This server has no payout key: the approval says paused, as the withdrawal list does.
        withdrawalState: 'paused',
      }),
    ]);
    const history = await get(app, alice, 'biz/withdraw/page?pageNo=1&pageSize=10');
    expect(history.body.data.list[0]).toMatchObject({ id, state: 'paused' });

    // The payout worker's follow, against a chain that shows the transaction confirmed.
    const txHash: Hex = `0x${'ab'.repeat(32)}`;
    await app.db.execute(sql`update withdrawals set status = 'paying' where id = ${id}::bigint`);
    await app.db.execute(
      sql`insert into payout_attempts (withdrawal_id, chain_id, from_address, nonce, tx_hash, raw_tx, status)
          values (${id}::bigint, 31337, '0x0000000000000000000000000000000000000001', 0, ${txHash}, '0x00', 'sent')`,
    );
    const chain = {
      id: 31337,
      client: { getTransactionReceipt: async () => ({ status: 'success', blockNumber: 10n }) },
    } as unknown as Chain;
    const round: Round = { head: 20n, required: 3, pinned: () => Promise.reject(new Error('not asked')) };
    const report: PayoutReport = { signed: 0, sent: 0, arrived: 0, reverted: 0, dropped: 0, unclear: 0 };
    await followAttempts(app.db, chain, round, {}, report);
    expect(report.arrived).toBe(1);
    // A second round finds nothing live: no second notification.
    await followAttempts(app.db, chain, round, {}, report);

    const list = await listOf(alice);
    expect(list.map((n) => n.kind)).toEqual(['withdrawal_paid', 'withdrawal_approved']);
    expect(list[0]?.params).toEqual({ withdrawalId: id, asset: 'USDT', amount: '20', txHash });
    // Both now name the withdrawal as arrived; notifications of other kinds name none.
    expect(list.map((n) => n.withdrawalState)).toEqual(['arrived', 'arrived']);
    expect(await rowsOf(bob)).toEqual([]);
  });

  it('a rejection carries its reason; the other member hears nothing', async () => {
    const id = await requested(alice, '30.5');
    const res = await operatorCall(app, admin, 'withdrawals/reject', { id, reason: 'Address on a sanctions list' });
    expect(res.body.data.status).toBe('rejected');
    const [newest] = await listOf(alice);
    expect(newest).toMatchObject({
      kind: 'withdrawal_rejected',
      params: { withdrawalId: id, asset: 'USDT', amount: '30.5', reason: 'Address on a sanctions list' },
    });
    expect((await rowsOf(alice)).filter((n) => n.kind === 'withdrawal_rejected')).toHaveLength(1);
    expect(await rowsOf(bob)).toEqual([]);
  });

  it('a refused decision writes nothing', async () => {
    const before = (await rowsOf(alice)).length;
    const id = await requested(alice, '10');
    expect((await operatorCall(app, admin, 'withdrawals/reject', { id, reason: '' })).body.code).not.toBe(0);
    expect(await rowsOf(alice)).toHaveLength(before);
  });

  it('a feedback reply: one notification naming the feedback, for its author only', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    const image = (await upload(app, bob, 'b.png', 'image/png', png)).body.data.url;
    const sent = await post(app, bob, 'user_problems/submitProblem', {
      content: 'Where is my output?',
      images: [image],
    });
    const feedbackId = sent.body.data.id as string;
    const aliceBefore = (await rowsOf(alice)).length;
    const reply = await operatorCall(app, admin, `feedback/${feedbackId}/reply`, { reply: 'It comes at midnight.' });
    expect(reply.body.code).toBe(0);
    expect(await listOf(bob)).toEqual([
      expect.objectContaining({ kind: 'feedback_replied', params: { feedbackId }, read: false, withdrawalState: null }),
    ]);
    expect(await rowsOf(alice)).toHaveLength(aliceBefore);
  });

  it('counts unread, marks one read (only her own), then all', async () => {
    const count = await unread(alice);
    expect(count).toEqual({ total: count.notifications + count.notices, notifications: 3, notices: 0 });
    const [newest] = await listOf(alice);
    const theirs = await post(app, bob, 'biz/notification/read', { id: newest?.id });
    expect(theirs.status).toBe(404);
    const missing = await post(app, bob, 'biz/notification/read', { id: '999999999' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: theirs.status, body: theirs.body });
    expect((await unread(alice)).notifications).toBe(3);

    const mine = await post(app, alice, 'biz/notification/read', { id: newest?.id });
    expect(mine.body.data).toMatchObject({ notifications: 2 });
    expect((await listOf(alice)).map((n) => n.read)).toEqual([true, false, false]);
    // Reading again changes nothing.
    expect((await post(app, alice, 'biz/notification/read', { id: newest?.id })).body.data.notifications).toBe(2);

    expect((await post(app, alice, 'biz/notification/read-all', {})).body.data).toEqual({
      total: 0,
      notifications: 0,
      notices: 0,
    });
    expect((await listOf(alice)).every((n) => n.read)).toBe(true);
    expect((await unread(bob)).notifications).toBe(1);
  });
});

describe('a settlement day', () => {
  const settle = (day: string) =>
    runJob(app.db, settlementJob, day, {
      now: new Date(startOfDay(addDays(day, 1), 'Asia/Shanghai').getTime() + 5_000),
      trigger: 'test',
    });

  it('gives each member one notification per kind, however many credits made it', async () => {
    const m = await newMember(app);
    const other = await newMember(app);
    await fund(app, m.userId, 'USDT', '10000');
    const child = await invitee(app, m, 1);
    await fund(app, child.userId, 'USDT', '10000');
    const round = await app.inject({
      method: 'POST',
      url: '/admin-api/equity/round',
      headers: { authorization: `Bearer ${admin}` },
      payload: { totalShares: 1000, pricePerShare: '10', annualYieldPct: '18', minQuantity: 1, termDays: 365 },
    });
    expect(round.json().code).toBe(0);

    clock.set(at('2026-12-01 10:00'));
    const productId = await newProduct(app, { hashRate: '100', price: '10', durationDays: 30 });
    // Two miner orders and two equity orders of m; two purchases of m's invitee (two referral rewards).
    for (let i = 0; i < 2; i++) {
      expect((await post(app, m, 'user_mining_machines/clickBuy', { productId, quantity: 1 })).body.code).toBe(0);
      expect((await post(app, m, 'biz/equity-investment-order/buy', { quantity: 10 })).body.code).toBe(0);
      expect((await post(app, child, 'user_mining_machines/clickBuy', { productId, quantity: 1 })).body.code).toBe(0);
    }
    const rewards = (await listOf(m)).filter((n) => n.kind === 'referral_reward');
    expect(rewards).toHaveLength(1);
    const [reward] = await queryRows<{ total: string }>(
      app.db,
      sql`select trim_scale(sum(amount)::numeric / 1000000)::text as total from referral_rewards where beneficiary_id = ${m.userId}`,
    );
    expect(rewards[0]?.params).toEqual({ day: '2026-12-01', asset: 'USDT', amount: reward?.total });

    expect((await settle('2026-12-02')).ran).toBe(true);
    const list = await listOf(m);
    const daily = list.filter((n) => n.params.day === '2026-12-02').map((n) => n.kind);
    expect(daily.sort()).toEqual(['equity_yield', 'mining_output']);
    const [output] = await queryRows<{ btc: string }>(
      app.db,
      sql`select trim_scale(btc::numeric / 100000000)::text as btc from mining_outputs where user_id = ${m.userId} and day = '2026-12-02'`,
    );
    expect(list.find((n) => n.kind === 'mining_output')?.params).toEqual({
      day: '2026-12-02',
      asset: 'BTC',
      amount: output?.btc,
    });
    const [yields] = await queryRows<{ usdt: string; btc: string }>(
      app.db,
      sql`select trim_scale(sum(usdt)::numeric / 1000000)::text as usdt, trim_scale(sum(btc)::numeric / 100000000)::text as btc
          from equity_yields where user_id = ${m.userId} and day = '2026-12-02'`,
    );
    expect(list.find((n) => n.kind === 'equity_yield')?.params).toEqual({ day: '2026-12-02', ...yields });
    expect(await rowsOf(other)).toEqual([]);
  });
});

describe('notices', () => {
  // Its own app on the real clock: a notice counts against the member's sign-up time.
  let real: TestApp;
  beforeAll(async () => {
    real = await buildTestApp();
  });
  afterAll(() => real.close());

  it('a new published notice raises the unread count; seeing the notice list clears it', async () => {
    const token = await operatorToken(real);
    const m = await newMember(real);
    const count = async () => (await get(real, m, 'biz/notification/unread')).body.data;
    expect(await count()).toEqual({ total: 0, notifications: 0, notices: 0 });
    const admin = (url: string, payload: object) =>
      real.inject({ method: 'POST', url: `/admin-api/${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    const created = (await admin('notices', { type: 'notice', title: 'Upgrade', contentHtml: '<p>Sunday</p>' })).json();
    // A draft is no news, nor an article.
    expect(await count()).toEqual({ total: 0, notifications: 0, notices: 0 });
    expect((await admin(`notices/${created.data.id}/publish`, {})).json().code).toBe(0);
    const article = (await admin('notices', { type: 'article', title: 'Essay', contentHtml: '<p>x</p>' })).json();
    await admin(`notices/${article.data.id}/publish`, {});
    expect(await count()).toEqual({ total: 1, notifications: 0, notices: 1 });

    expect((await post(real, m, 'biz/notification/notices-seen', {})).body.data).toEqual({
      total: 0,
      notifications: 0,
      notices: 0,
    });
    expect(await count()).toEqual({ total: 0, notifications: 0, notices: 0 });
  });
});
