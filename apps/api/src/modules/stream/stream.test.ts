import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund, type Member, newMember, post } from '../../../test/money.ts';
import { openStream, relayed } from '../../../test/stream.ts';
import { confirmCode, giveEmail, operatorCall, withdrawPath } from '../../../test/withdraw.ts';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { ingestTickers } from '../market/ingest.ts';

let app: TestApp;
let baseUrl: string;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  [alice, bob, carol] = [await newMember(app), await newMember(app), await newMember(app)];
  await fund(app, alice.userId, 'GOLD', '100');
  // The relay hands new events on within its idle time; on a busy machine that can come after a test
  // has opened Alice's stream, which would then start with this top-up's event.
  await relayed(app);
});
afterAll(() => app?.close());

const gift = (from: Member, to: Member, amount: string) =>
  post(app, from, 'asset/send', { toUserId: String(to.userId), asset: 'GOLD', amount });

describe('the live stream', () => {
  it('is text/event-stream with an id on every event, and refuses a bad token', async () => {
    // Only a client that asks for a stream gets one: another request is answered, and ends.
    expect((await app.inject({ method: 'GET', url: '/app-api/stream' })).json()).toMatchObject({ code: 400 });
    const res = await fetch(`${baseUrl}/app-api/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    await res.body?.cancel();
    const anonymous = await openStream(baseUrl);
    const hello = await anonymous.next((e) => e.event === 'hello');
    expect(hello).toMatchObject({ data: { member: false } });
    expect(hello.id).toMatch(/^\d+$/);
    anonymous.close();
    expect((await openStream(baseUrl, { token: 'not-a-token' })).status).toBe(401);
  });

  it('gives a member their own balance events after a gift, and never another member’s', async () => {
    const [a, b, c, anonymous] = await Promise.all([
      openStream(baseUrl, { token: alice.token }),
      openStream(baseUrl, { token: bob.token }),
      openStream(baseUrl, { token: carol.token }),
      openStream(baseUrl),
    ]);
    await Promise.all([a, b, c, anonymous].map((s) => s.next((e) => e.event === 'hello')));
    expect((await gift(alice, bob, '5')).body.code).toBe(0);
    const sent = await a.next((e) => e.event === 'balance');
    const received = await b.next((e) => e.event === 'balance');
    expect(sent.data).toMatchObject({ asset: 'GOLD', transfer: 'gift' });
    expect(received.data).toMatchObject({ asset: 'GOLD', transfer: 'gift' });
    expect(Number(received.id)).toBeGreaterThan(0);
    // Carol and a signed-out client hear nothing of it: the next event they get is a later one of their own.
    await fund(app, carol.userId, 'GOLD', '1');
    await c.next((e) => e.event === 'balance');
    expect(c.events.filter((e) => e.event === 'balance')).toHaveLength(1);
    expect(anonymous.events.map((e) => e.event)).toEqual(['hello']);
    for (const s of [a, b, c, anonymous]) s.close();
  });

  it('resumes with Last-Event-ID: what was missed within the window, in order; a reset beyond it', async () => {
    const first = await openStream(baseUrl, { token: bob.token });
    const hello = await first.next((e) => e.event === 'hello');
    first.close();
    // While Bob is away: two gifts to him, one to Carol.
    for (const [to, amount] of [
      [bob, '1'],
      [carol, '2'],
      [bob, '3'],
    ] as const) {
      expect((await gift(alice, to, amount)).body.code).toBe(0);
    }
    const again = await openStream(baseUrl, { token: bob.token, lastEventId: hello.id });
    await again.next((e) => e.event === 'hello');
    await expect.poll(() => again.events.filter((e) => e.event === 'balance').length).toBe(2);
    const missed = again.events.filter((e) => e.event === 'balance');
    const ids = missed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids[0]).toBeGreaterThan(Number(hello.id));
    again.close();

    // An event Bob missed that is older than the window: he is told to read everything again.
    await app.db.execute(
      sql`update stream_events set created_at = now() - interval '11 minutes' where seq = ${Number(missed[0]?.id)}`,
    );
    const late = await openStream(baseUrl, { token: bob.token, lastEventId: hello.id });
    expect(await late.next((e) => e.event === 'reset')).toBeTruthy();
    late.close();

    // Kept an hour, then pruned.
    await app.db.execute(
      sql`update stream_events set created_at = now() - interval '61 minutes' where seq = ${Number(missed[0]?.id)}`,
    );
    expect(await app.streamRelay?.prune()).toBeGreaterThanOrEqual(1);
    expect(await queryRows(app.db, sql`select id from stream_events where seq = ${Number(missed[0]?.id)}`)).toEqual([]);
  });

  it('gives everyone the public events: price ticks, rounds opened and settled, the prize pool', async () => {
    const anonymous = await openStream(baseUrl);
    await anonymous.next((e) => e.event === 'hello');
    const source = {
      name: 'test',
      candles: async () => [],
      tickers: async () => [
        {
          symbol: 'BTCUSDT',
          price: '64000.5',
          open24h: '63000',
          high24h: '65000',
          low24h: '62000',
          volume24h: '10',
          quoteVolume24h: '640000',
          change24hPct: '1.59',
          asOf: Date.now(),
        },
      ],
    } as unknown as Parameters<typeof ingestTickers>[1];
    await ingestTickers(app.db, source, ['BTCUSDT'], Date.now());
    const tick = await anonymous.next((e) => e.event === 'price');
    expect(tick.data).toMatchObject({ prices: [{ symbol: 'BTCUSDT', price: '64000.5', change24hPct: '1.59' }] });

    // Two rounds opened by one statement are one event: the newest.
    await app.db.execute(
      sql`insert into rounds (period, start_at, end_at, period_no, symbol) values
            (1, '2026-11-27T10:00:00Z', '2026-11-27T10:01:00Z', 202611271801, 'BTCUSDT'),
            (1, '2026-11-27T10:01:00Z', '2026-11-27T10:02:00Z', 202611271802, 'BTCUSDT')`,
    );
    const opened = await anonymous.next((e) => e.event === 'round');
    expect(opened.data).toMatchObject({ period: 1, periodNo: '202611271802', state: 'opened', result: null });
    await app.db.execute(
      sql`update rounds set open_price = 100, close_price = 101, result = 'up', settled_at = now()
          where period = 1 and period_no = 202611271802`,
    );
    const settled = await anonymous.next((e) => e.event === 'round' && e.data.state === 'settled');
    expect(settled.data).toMatchObject({ periodNo: '202611271802', result: 'up', open: '100', close: '101' });
    expect(anonymous.events.filter((e) => e.event === 'round')).toHaveLength(2);
    // A miner purchase puts its share into the prize pool: the pool's size changed.
    await fund(app, carol.userId, 'USDT', '100');
    const product = await newProduct(app, { price: '100' });
    expect(
      (await post(app, carol, 'user_mining_machines/clickBuy', { productId: product, quantity: 1 })).body.code,
    ).toBe(0);
    await anonymous.next((e) => e.event === 'pool');
    // And no member's own event ever reaches a signed-out client.
    expect(anonymous.events.filter((e) => ['balance', 'reward', 'withdrawal', 'feedback'].includes(e.event))).toEqual(
      [],
    );
    anonymous.close();
  });

  it('reaches a member on one API process when an operator approves their withdrawal on another', async () => {
    // An API process, as in production (docs/operations.md, "Topology"): the relay is the jobs
    // process's. With two relays on the embedded database, whichever took the turn would wake only
    // its own process's clients.
    const other = await buildApp({
      config: { ...app.config, mode: 'api' },
      database: app.database,
      logger: false,
      serveApps: false,
    });
    await other.ready();
    try {
      await fund(app, alice.userId, 'USDT', '100');
      await giveEmail(app, alice);
      const asked = await post(app, alice, withdrawPath('USDT'), {
        amount: '20',
        address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        emailCode: await confirmCode(app, alice),
      });
      expect(asked.body.code).toBe(0);
      const stream = await openStream(baseUrl, { token: alice.token });
      await stream.next((e) => e.event === 'hello');
      const operator = await operatorToken(other as unknown as TestApp);
      const approved = await operatorCall(other as unknown as TestApp, operator, 'withdrawals/approve', {
        id: asked.body.data.withdrawalId,
      });
      expect(approved.body.code).toBe(0);
      const event = await stream.next((e) => e.event === 'withdrawal');
      expect(event.data).toMatchObject({ id: asked.body.data.withdrawalId, asset: 'USDT', status: 'approved' });
      // And its notification, for the notification centre.
      const notified = await stream.next((e) => e.event === 'notification');
      expect(notified.data).toMatchObject({ kind: 'withdrawal_approved' });
      stream.close();
    } finally {
      await other.close();
    }
  });
});
