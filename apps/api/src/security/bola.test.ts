import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../test/app.ts';
import { upload } from '../../test/care.ts';
import { newProduct } from '../../test/mining.ts';
import { fund, get, type Member, newMember, post } from '../../test/money.ts';
import { routesOf } from '../../test/routes.ts';
import { confirmCode, giveEmail, withdrawPath } from '../../test/withdraw.ts';
import { queryRows } from '../db/client.ts';

/**
 * The BOLA matrix (docs/architecture.md, "Quality rules"): every member call, classified by how it
 * could reach another member's objects, and each class proven. Alice owns one of every kind of
 * object; Bob, signed in, asks for them by id, or lists his own, and never gets them. A new member
 * call that is not in the matrix fails the completeness test until someone decides, and tests,
 * which class it is in.
 */
type Access =
  /** Takes the id of one of the member's own objects: another member's id answers 404. */
  | 'own id'
  /** Takes ids of the member's own objects as input (images to attach, a deposit hash). */
  | 'own input'
  /** Lists the signed-in member's own objects; takes no member or object id. */
  | 'own list'
  /** Names another member on purpose (a gift's receiver): answers only a masked address. */
  | 'other member, masked'
  /** An upload's URL: a random 128-bit name, served to whoever holds it (images load in <img>). */
  | 'capability URL'
  /** The same for everyone: catalogue, notices, config, pool, ranks, rounds, the donation wall. */
  | 'public'
  /** Acts on the signed-in member's own account only; takes no id of anything that is owned. */
  | 'self';

const MATRIX: Record<string, Access> = {
  'GET /app-api/biz/equity-investment-order/get': 'own id',
  'POST /app-api/biz/withdraw-address/delete': 'own id',
  'POST /app-api/biz/notification/read': 'own id',
  'POST /app-api/user_problems/submitProblem': 'own input',
  'POST /app-api/biz/deposit/submit': 'own input',
  'GET /app-api/biz/user-usdt-record/page': 'own list',
  'GET /app-api/biz/user-btc-record/page': 'own list',
  'GET /app-api/biz/user-gold-record/page': 'own list',
  'GET /app-api/biz/equity-investment-order/page': 'own list',
  'GET /app-api/biz/equity-investment-order/daily-yield': 'own list',
  'GET /app-api/biz/withdraw/page': 'own list',
  'GET /app-api/biz/deposit/page': 'own list',
  'GET /app-api/biz/withdraw-address/list': 'own list',
  'GET /app-api/biz/notification/page': 'own list',
  'POST /app-api/user_mining_machines/userMiningMachineInfoList': 'own list',
  'POST /app-api/powerOrder': 'own list',
  'POST /app-api/user_problems/problemList': 'own list',
  'GET /app-api/asset/receiver': 'other member, masked',
  'POST /app-api/asset/send': 'other member, masked',
  'GET /app-api/uploads/:name': 'capability URL',
  'GET /app-api/donate_logs/list': 'public',
  'GET /app-api/transparency/liabilities': 'public',
  'GET /app-api/biz/push/key': 'public',
  'GET /app-api/transparency/round-candles': 'public',
  'GET /app-api/transparency/parameters': 'public',
  'GET /app-api/transparency/totals': 'public',
  'GET /app-api/transparency/solvency': 'public',
  'GET /app-api/transparency/network-days': 'public',
  'GET /app-api/transparency/network-day': 'public',
  // The member's own leaf only: the call takes an asset and a day, never a member id.
  'GET /app-api/transparency/liabilities/proof': 'own list',
  'GET /app-api/biz/biz-notice/page': 'public',
  'GET /app-api/biz/biz-notice/get': 'public',
  'POST /app-api/businessNotice/showNotice': 'public',
  'GET /app-api/biz/biz-config/get/basic': 'public',
  'GET /app-api/biz/biz-config/get/pool/total/power': 'public',
  'GET /app-api/biz/equity-investment/get': 'public',
  'POST /app-api/dataBoard/destroyData': 'public',
  'POST /app-api/user_mining_machines/miningMachineList': 'public',
  'POST /app-api/user_mining_machines/buyMiningMachineBanners': 'public',
  'POST /app-api/user_mining_machines/addPerformanceRank': 'public',
  'POST /app-api/levelConfig/levelConfig': 'public',
  'POST /app-api/community_ranks/communityRank': 'public',
  'GET /app-api/prizePool/current': 'public',
  'GET /app-api/prizePool/history': 'public',
  'GET /app-api/guessPeriod/list': 'public',
  'GET /app-api/biz/biz-user/nonce': 'self',
  'POST /app-api/biz/biz-user/login': 'self',
  'POST /app-api/biz/biz-user/logout': 'self',
  'GET /app-api/biz/biz-user/get': 'self',
  'GET /app-api/biz/biz-user/get/earnings': 'self',
  'POST /app-api/biz/biz-user/upload': 'self',
  'POST /app-api/biz/user-usdt-record/receive': 'self',
  'POST /app-api/biz/user-usdt-record/withdraw': 'self',
  'POST /app-api/biz/user-btc-record/receive': 'self',
  'POST /app-api/biz/user-btc-record/withdraw': 'self',
  'POST /app-api/biz/equity-investment-order/buy': 'self',
  'POST /app-api/biz/equity-investment-order/re-buy': 'self',
  'GET /app-api/biz/invite-relation/get': 'self',
  'GET /app-api/asset/selectAssetBalance': 'self',
  'POST /app-api/asset/topup': 'self',
  'POST /app-api/donate_logs/clickDonate': 'self',
  'POST /app-api/dataBoard/departmentInfo': 'self',
  'GET /app-api/dataBoard/communityInfo': 'self',
  'POST /app-api/user_mining_machines/clickBuy': 'self',
  'GET /app-api/user_mining_machines/dailyOutput': 'self',
  'POST /app-api/prizePool/forge': 'self',
  'POST /app-api/member/sendEmailCode': 'self',
  'POST /app-api/member/bindEmail': 'self',
  'POST /app-api/member/bindWallet': 'self',
  'POST /app-api/biz/withdraw-address/create': 'self',
  // Public events to all, and with a token the member's own: never another's (modules/stream/stream.test.ts).
  'GET /app-api/stream': 'self',
  'GET /app-api/biz/notification/unread': 'self',
  'POST /app-api/biz/notification/read-all': 'self',
  'POST /app-api/biz/notification/notices-seen': 'self',
  // A browser's endpoint is its own capability; unsubscribing removes only the caller's own
  // subscription of it (modules/push/push.test.ts).
  'POST /app-api/biz/push/subscribe': 'self',
  'POST /app-api/biz/push/unsubscribe': 'self',
};

let app: TestApp;
let alice: Member;
let bob: Member;
const owned = {
  equityOrder: '',
  imageUrl: '',
  withdrawalId: '',
  minerOrderId: '',
  feedbackId: '',
  donationId: '',
  savedAddressId: '',
  notificationId: '',
};

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' });
  const operator = await operatorToken(app);
  [alice, bob] = [await newMember(app), await newMember(app)];
  for (const member of [alice, bob]) await fund(app, member.userId, 'USDT', '5000');

  // Alice's objects, one of each kind that has an id.
  const round = await app.inject({
    method: 'POST',
    url: '/admin-api/equity/round',
    headers: { authorization: `Bearer ${operator}` },
    payload: { totalShares: 1000, pricePerShare: '10', annualYieldPct: '18', minQuantity: 1, termDays: 365 },
  });
  expect(round.json().code).toBe(0);
  const shares = await post(app, alice, 'biz/equity-investment-order/buy', { quantity: 2 });
  expect(shares.body.code).toBe(0);
  owned.equityOrder = shares.body.data.orderId;

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
    .png()
    .toBuffer();
  const uploaded = await upload(app, alice, 'a.png', 'image/png', png);
  expect(uploaded.body.code).toBe(0);
  owned.imageUrl = uploaded.body.data.url;
  const feedback = await post(app, alice, 'user_problems/submitProblem', {
    content: 'Alice’s private feedback',
    images: [owned.imageUrl],
  });
  expect(feedback.body.code).toBe(0);
  owned.feedbackId = feedback.body.data.id;

  await giveEmail(app, alice);
  const withdrawal = await post(app, alice, withdrawPath('USDT'), {
    amount: '20',
    address: '0x000000000000000000000000000000000000dEaD',
    emailCode: await confirmCode(app, alice),
  });
  expect(withdrawal.body.code).toBe(0);
  owned.withdrawalId = withdrawal.body.data.withdrawalId;

  const product = await newProduct(app, { price: '100' });
  const bought = await post(app, alice, 'user_mining_machines/clickBuy', { productId: product, quantity: 1 });
  expect(bought.body.code).toBe(0);
  owned.minerOrderId = bought.body.data.orderId;

  expect((await post(app, alice, 'asset/topup', { amountUsdt: '1' })).body.code).toBe(0);
  const donated = await post(app, alice, 'donate_logs/clickDonate', { asset: 'USDT', amount: '1' });
  expect(donated.body.code).toBe(0);
  owned.donationId = donated.body.data.donationId;

  // Saving through the call is tested in wallet/address-book.test.ts (it takes a fresh email code).
  const [saved] = await queryRows<{ id: string }>(
    app.db,
    sql`insert into withdrawal_addresses (user_id, address, label, usable_at, created_at)
        values (${alice.userId}, '0x000000000000000000000000000000000000dEaD', 'Alice', now(), now()) returning id::text`,
  );
  owned.savedAddressId = saved?.id ?? '';

  // The reply to her feedback is Alice's notification.
  const replied = await app.inject({
    method: 'POST',
    url: `/admin-api/feedback/${owned.feedbackId}/reply`,
    headers: { authorization: `Bearer ${operator}` },
    payload: { reply: 'Thanks, Alice' },
  });
  expect(replied.json().code).toBe(0);
  const [notification] = await queryRows<{ id: string }>(
    app.db,
    sql`select id::text from notifications where user_id = ${alice.userId}`,
  );
  owned.notificationId = notification?.id ?? '';

  // A day's dividend of Alice's order, as the daily settlement records it (settling takes whole days).
  await app.db.execute(
    sql`insert into equity_yields (order_id, day, user_id, usdt, btc, btc_price, price_source)
        values (${owned.equityOrder}, current_date - 2, ${alice.userId}, 9863, 16, '60000', 'fallback')`,
  );
}, 60_000);
afterAll(() => app?.close());

describe('BOLA matrix', () => {
  it('classifies every member call', () => {
    const calls = routesOf(app).filter((r) => r.split(' ')[1]?.startsWith('/app-api/'));
    expect(calls.filter((call) => !(call in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((call) => !calls.includes(call))).toEqual([]);
  });

  it('own id: Alice reads her equity order; Bob asking for it by id gets 404, never the order', async () => {
    const url = `biz/equity-investment-order/get?id=${owned.equityOrder}`;
    const mine = await get(app, alice, url);
    expect(mine.body.data).toMatchObject({ id: owned.equityOrder, quantity: 2 });
    const theirs = await get(app, bob, url);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 404, data: null });
    // And the same answer as an id that does not exist: nothing tells Bob the order is there.
    const missing = await get(app, bob, 'biz/equity-investment-order/get?id=999999999');
    expect({ status: missing.status, body: missing.body }).toEqual({ status: theirs.status, body: theirs.body });
  });

  it('own input: Bob cannot attach Alice’s image to his feedback', async () => {
    const res = await post(app, bob, 'user_problems/submitProblem', { content: 'mine', images: [owned.imageUrl] });
    expect(res.body.code).toBe(1067);
    const [count] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from feedback where user_id = ${bob.userId}`,
    );
    expect(count?.n).toBe(0);
    // A deposit hash from another member's wallet is refused in wallet/chain.test.ts ("notFromYourWallet").
  });

  it('own id: Bob removing Alice’s saved address by id gets 404, as for no address, and it stays', async () => {
    const theirs = await post(app, bob, 'biz/withdraw-address/delete', { id: owned.savedAddressId });
    expect(theirs.status).toBe(404);
    const missing = await post(app, bob, 'biz/withdraw-address/delete', { id: '999999999' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: theirs.status, body: theirs.body });
    const aliceBook = (await get(app, alice, 'biz/withdraw-address/list')).body.data.list;
    expect(aliceBook.map((entry: { id: string }) => entry.id)).toEqual([owned.savedAddressId]);
  });

  it('own id: Bob marking Alice’s notification read gets 404, as for none, and it stays unread', async () => {
    const theirs = await post(app, bob, 'biz/notification/read', { id: owned.notificationId });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 404, data: null });
    const missing = await post(app, bob, 'biz/notification/read', { id: '999999999' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: theirs.status, body: theirs.body });
    const aliceList = (await get(app, alice, 'biz/notification/page?pageSize=100')).body.data.list;
    expect(aliceList).toEqual([expect.objectContaining({ id: owned.notificationId, read: false })]);
  });

  it('own list: each list shows Alice her objects and Bob none of them', async () => {
    const lists: [string, (body: { data: { list: Record<string, unknown>[] } }) => unknown[]][] = [
      ['biz/user-usdt-record/page?pageSize=100', (b) => b.data.list],
      ['biz/user-gold-record/page?pageSize=100', (b) => b.data.list],
      ['biz/equity-investment-order/page?pageSize=100', (b) => b.data.list.map((o) => o.id)],
      ['biz/withdraw/page?pageSize=100', (b) => b.data.list.map((w) => w.id)],
      ['biz/withdraw-address/list', (b) => b.data.list.map((a) => a.id)],
      ['biz/notification/page?pageSize=100', (b) => b.data.list.map((n) => n.id)],

      ['biz/equity-investment-order/daily-yield', (b) => b.data.list.filter((d) => d.value !== '0')],
    ];
    const posts: [string, object, (body: { data: { list: Record<string, unknown>[] } }) => unknown[]][] = [
      ['user_mining_machines/userMiningMachineInfoList', { status: 'mining', pageSize: 100 }, (b) => b.data.list],
      ['powerOrder', { pageSize: 100 }, (b) => b.data.list],
      ['user_problems/problemList', { pageSize: 100 }, (b) => b.data.list.map((f) => f.id)],
    ];
    const seen = async (member: Member) => {
      const out: Record<string, unknown[]> = {};
      for (const [url, pick] of lists) out[url] = pick((await get(app, member, url)).body);
      for (const [url, body, pick] of posts) out[url] = pick((await post(app, member, url, body)).body);
      return out;
    };
    const aliceSees = await seen(alice);
    const bobSees = await seen(bob);
    for (const [url, items] of Object.entries(aliceSees)) expect(items.length, url).toBeGreaterThan(0);
    expect(aliceSees['biz/equity-investment-order/page?pageSize=100']).toContain(owned.equityOrder);
    expect(aliceSees['biz/withdraw/page?pageSize=100']).toContain(owned.withdrawalId);
    expect(aliceSees['biz/withdraw-address/list']).toEqual([owned.savedAddressId]);
    expect(aliceSees['user_problems/problemList']).toContain(owned.feedbackId);
    expect(aliceSees['biz/notification/page?pageSize=100']).toEqual([owned.notificationId]);
    // Bob's own USDT record (his funding) is all he has; none of Alice's objects anywhere.
    for (const [url, items] of Object.entries(bobSees)) {
      if (url.startsWith('biz/user-usdt-record')) expect(items, url).toHaveLength(1);
      else expect(items, url).toEqual([]);
    }
    expect(JSON.stringify(bobSees)).not.toContain(owned.imageUrl);
  });

  it('other member: Bob finds Alice as a gift receiver by id, and her donation on the wall, masked', async () => {
    const [user] = await queryRows<{ address: string }>(
      app.db,
      sql`select address from users where id = ${alice.userId}`,
    );
    const masked = /^0x[0-9a-fA-F]{4,6}[.…*]+[0-9a-fA-F]{4,6}$/;
    const res = await get(app, bob, `asset/receiver?userId=${alice.userId}`);
    expect(Object.keys(res.body.data).sort()).toEqual(['address', 'id']);
    expect(res.body.data.address).not.toBe(user?.address);
    expect(res.body.data.address).toMatch(masked);
    const wall = (await get(app, bob, 'donate_logs/list?pageSize=100')).body.data.list;
    const donation = wall.find((d: { id: string }) => d.id === owned.donationId);
    expect(donation.address).toMatch(masked);
    expect(JSON.stringify(wall)).not.toContain(user?.address.slice(2, 12));
  });

  it('capability URL: an upload is served only under its random name; a guessed one is a 404 envelope', async () => {
    expect(owned.imageUrl).toMatch(/uploads\/[0-9a-f]{32}\.png$/);
    const guessed = await app.inject({ method: 'GET', url: '/app-api/uploads/00000000000000000000000000000000.png' });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json()).toMatchObject({ code: 404, data: null });
  });
});
