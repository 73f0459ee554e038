import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testDbKind } from '../../../test/database.ts';
import { fund, newMember } from '../../../test/money.ts';
import { relayed } from '../../../test/stream.ts';
import { advisoryKey, type Db, queryRows, statementText } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { notify, notifyAdding } from '../notifications/write.ts';
import { EVENTS_CHANNEL, type StreamClient, type StreamEvent, StreamHub } from './hub.ts';
import { orderOwnEvents, StreamRelay } from './relay.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await app.streamRelay?.stop();
});
afterAll(() => app?.close());

/** A client of this process's hub that keeps what it is sent. */
function listen(userId: number | null): { events: StreamEvent[]; stop: () => void } {
  const events: StreamEvent[] = [];
  const client: StreamClient = { userId, send: (event) => events.push(event), end: () => {} };
  return { events, stop: app.stream.subscribe(client) };
}

/** A promise and the call that resolves it: one transaction waits on the test, the test on it. */
function signal(): [Promise<void>, () => void] {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return [fired, fire];
}

const pending = async () =>
  (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from stream_events where seq is null`))[0]?.n;

describe('the stream relay', () => {
  it('writes no NOTIFY in a money transaction: the event waits in the outbox for the relay', async () => {
    const member = await newMember(app);
    await relayed(app);
    const own = listen(member.userId);
    const notified: string[] = [];
    const unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    await fund(app, member.userId, 'GOLD', '3');
    expect(await pending()).toBeGreaterThan(0);
    await app.stream.wake();
    expect(own.events).toEqual([]);
    const turn = await app.streamRelay?.tick();
    expect(turn?.ordered).toBeGreaterThan(0);
    await app.stream.wake();
    expect(own.events.map((e) => e.kind)).toEqual(['balance']);
    expect(await pending()).toBe(0);
    // On PostgreSQL the relay's batch is announced by one NOTIFY, after the money had committed.
    if (testDbKind() === 'pg') await expect.poll(() => notified).toEqual([String(own.events[0]?.id)]);
    else expect(notified).toEqual([]);
    await unlisten();
    own.stop();
  });

  it('gives seqs one after another, in the order the events committed, and each event once', async () => {
    const [a, b] = [await newMember(app), await newMember(app)];
    await relayed(app);
    const seen = listen(a.userId);
    const seenB = listen(b.userId);
    const [before] = await queryRows<{ assigned: string }>(app.db, sql`select assigned::text from stream_relay`);
    for (let n = 0; n < 12; n += 1) await fund(app, n % 2 ? a.userId : b.userId, 'GOLD', '1');
    await relayed(app);
    const seqs = [...seen.events, ...seenB.events].map((e) => e.id).sort((x, y) => x - y);
    expect(seqs).toHaveLength(12);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, k) => Number(before?.assigned) + 1 + k));
    expect(seen.events.map((e) => e.id)).toEqual([...seen.events.map((e) => e.id)].sort((x, y) => x - y));
    seen.stop();
    seenB.stop();
  });

  it.runIf(testDbKind() === 'pg')(
    'orders an event that committed after a later id after it, and never skips it',
    async () => {
      const member = await newMember(app);
      await relayed(app);
      const own = listen(member.userId);
      // Transaction A takes the lower id and commits last.
      const [held, release] = signal();
      const [wrote, written] = signal();
      const slow = app.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into stream_events (user_id, kind, data) values (${member.userId}, 'balance', '{"n":"A"}')`,
        );
        written();
        await held;
      });
      await wrote;
      await app.db.execute(
        sql`insert into stream_events (user_id, kind, data) values (${member.userId}, 'balance', '{"n":"B"}')`,
      );
      await app.streamRelay?.tick();
      await app.stream.wake();
      expect(own.events.map((e) => e.data.n)).toEqual(['B']);
      release();
      await slow;
      await relayed(app);
      expect(own.events.map((e) => e.data.n)).toEqual(['B', 'A']);
      expect(own.events[1]?.id).toBe((own.events[0]?.id ?? 0) + 1);
      own.stop();
    },
  );

  it('lets a transaction order its own events as it writes them; the relay orders what committed meanwhile after them', async () => {
    const [a, b] = [await newMember(app), await newMember(app)];
    await relayed(app);
    const seenA = listen(a.userId);
    const seenB = listen(b.userId);
    const [before] = await queryRows<{ assigned: string }>(app.db, sql`select assigned::text from stream_relay`);
    const [held, release] = signal();
    const [wrote, written] = signal();
    const own = app.db.transaction(async (tx) => {
      await orderOwnEvents(tx);
      await notify(tx, a.userId, { kind: 'feedback_replied', params: { feedbackId: '1' } });
      await post(tx, {
        asset: 'GOLD',
        from: systemAccount('adjustment'),
        to: userAccount(a.userId, 'available'),
        amount: 2n,
        kind: 'adjustment',
        idempotencyKey: `test-own-order:${a.userId}`,
      });
      const mine = await queryRows<{ seq: string | null }>(
        tx,
        sql`select seq::text from stream_events where user_id = ${a.userId} order by id`,
      );
      // Their seqs are the next ones, in the order written, before the commit.
      expect(mine.map((e) => Number(e.seq))).toEqual([Number(before?.assigned) + 1, Number(before?.assigned) + 2]);
      written();
      await held;
    });
    await wrote;
    let turn: Promise<unknown> = Promise.resolve();
    if (testDbKind() === 'pg') {
      // Meanwhile another member's money commits, its event without a seq; the relay's turn waits
      // for the transaction holding the position, and hands on nothing before it commits.
      await fund(app, b.userId, 'GOLD', '1');
      turn = app.streamRelay?.tick() ?? turn;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await app.stream.wake();
      expect([...seenA.events, ...seenB.events]).toEqual([]);
    }
    release();
    await own;
    await turn;
    if (testDbKind() !== 'pg') await fund(app, b.userId, 'GOLD', '1');
    await relayed(app);
    expect(seenA.events.map((e) => [e.kind, e.id])).toEqual([
      ['notification', Number(before?.assigned) + 1],
      ['balance', Number(before?.assigned) + 2],
    ]);
    expect(seenB.events.map((e) => [e.kind, e.id])).toEqual([['balance', Number(before?.assigned) + 3]]);
    expect(await pending()).toBe(0);
    // Events ordered by their own transaction alone are handed on too, with nothing left for the
    // relay to order.
    await app.db.transaction(async (tx) => {
      await orderOwnEvents(tx);
      await notify(tx, a.userId, { kind: 'feedback_replied', params: { feedbackId: '2' } });
    });
    expect(await pending()).toBe(0);
    const notified: string[] = [];
    const unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    expect(await app.streamRelay?.tick()).toEqual({ ordered: 0, handedOn: 1 });
    if (testDbKind() === 'pg') await expect.poll(() => notified).toEqual([String(Number(before?.assigned) + 4)]);
    await unlisten();
    await relayed(app);
    expect(seenA.events.map((e) => e.id).at(-1)).toBe(Number(before?.assigned) + 4);
    seenA.stop();
    seenB.stop();
  });

  it('computes in SQL the same turn key as the relay takes, for the transactions that order their own events', async () => {
    const [row] = await queryRows<{ key: string }>(
      app.db,
      sql`select (('x' || left(encode(sha256('stream:relay'), 'hex'), 16))::bit(64)::bigint)::text as key`,
    );
    expect(row?.key).toBe(advisoryKey('stream:relay'));
    const [fn] = await queryRows<{ body: string }>(
      app.db,
      sql`select prosrc as body from pg_proc where proname = 'stream_transfers'`,
    );
    expect(fn?.body).toContain(
      "pg_advisory_xact_lock(('x' || left(encode(sha256('stream:relay'), 'hex'), 16))::bit(64)::bigint)",
    );
  });

  it('writes nothing on an idle turn', async () => {
    await relayed(app);
    // Neither a new row version (xmin) nor a row lock (xmax): an idle turn takes no transaction id,
    // so its commit waits for no disk.
    const version = async () =>
      (await queryRows<{ v: string }>(app.db, sql`select xmin::text || ' ' || xmax::text as v from stream_relay`))[0]
        ?.v;
    const before = await version();
    expect(await app.streamRelay?.tick()).toEqual({ ordered: 0, handedOn: 0 });
    expect(await version()).toBe(before);
  });

  it('takes turns: a second relay on the same database orders nothing while the first holds its turn', async () => {
    const second = new StreamRelay(app.db, { kind: 'local', ordered: () => {} });
    const member = await newMember(app);
    await fund(app, member.userId, 'GOLD', '1');
    if (testDbKind() === 'pg') {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey('stream:relay')}::bigint)`);
        expect(await second.tick()).toEqual({ ordered: 0, handedOn: 0 });
      });
    }
    expect((await second.tick()).ordered).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
  });

  it('merges a burst of pool events into at most one a second, the newest sent last', async () => {
    const everyone = listen(null);
    for (let n = 0; n < 5; n += 1) {
      await app.db.execute(sql`insert into stream_events (user_id, kind, data) values (null, 'pool', '{}')`);
      await relayed(app);
    }
    expect(everyone.events.filter((e) => e.kind === 'pool')).toHaveLength(1);
    await expect.poll(() => everyone.events.filter((e) => e.kind === 'pool').length, { timeout: 3_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(everyone.events.filter((e) => e.kind === 'pool')).toHaveLength(2);
    everyone.stop();
  });

  it.runIf(testDbKind() === 'pg')(
    'reads nothing on a process with no client watching, and starts a later client after what it skipped',
    async () => {
      const member = await newMember(app);
      await relayed(app);
      let reads = 0;
      const counting = {
        execute: (query: Parameters<Db['execute']>[0]) => {
          reads += 1;
          return app.db.execute(query);
        },
      } as Pick<Db, 'execute'>;
      const hub = new StreamHub(counting);
      await hub.start(app.database, { kind: 'notify' });
      const started = reads;
      await fund(app, member.userId, 'GOLD', '1');
      await relayed(app);
      const [row] = await queryRows<{ high: string }>(app.db, sql`select max(seq)::text as high from stream_events`);
      await expect.poll(() => hub.lastId).toBe(Number(row?.high));
      expect(reads).toBe(started);

      const events: StreamEvent[] = [];
      const stop = hub.subscribe({ userId: member.userId, send: (event) => events.push(event), end: () => {} });
      await fund(app, member.userId, 'GOLD', '2');
      await relayed(app);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]?.kind).toBe('balance');
      expect(events[0]?.id).toBeGreaterThan(Number(row?.high));
      expect(reads).toBeGreaterThan(started);
      stop();
      await hub.stop();
    },
  );

  it('tells a member of each new notification, of one whose amount grew, and not of one read', async () => {
    const member = await newMember(app);
    await relayed(app);
    const own = listen(member.userId);
    const reward = (amount: string) =>
      ({ kind: 'referral_reward', params: { day: '2026-11-20', asset: 'USDT', amount } }) as const;
    await app.db.transaction(async (tx) => {
      await notify(tx, member.userId, { kind: 'feedback_replied', params: { feedbackId: '1' } });
      await notifyAdding(tx, member.userId, reward('1'));
    });
    await notifyAdding(app.db, member.userId, reward('2'));
    await app.db.execute(sql`update notifications set read_at = now() where user_id = ${member.userId}`);
    await relayed(app);
    const events = own.events.filter((e) => e.kind === 'notification');
    const rows = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from notifications where user_id = ${member.userId} order by id`,
    );
    expect(events.map((e) => e.data)).toEqual([
      { id: rows[0]?.id, kind: 'feedback_replied' },
      { id: rows[1]?.id, kind: 'referral_reward' },
      { id: rows[1]?.id, kind: 'referral_reward' },
    ]);
    own.stop();
  });

  it('reads only its own clients’ events, and gives a client that arrives mid-read what that read covers', async () => {
    const [a, b, c] = [await newMember(app), await newMember(app), await newMember(app)];
    await relayed(app);
    // The read for members is held here once, until `release`.
    const gate: { hold: Promise<void> | null; release: (() => void) | null } = { hold: null, release: null };
    const watched = {
      execute: async (query: Parameters<Db['execute']>[0]) => {
        const text = statementText(app.db, query as SQL);
        if (gate.hold && text.includes('unnest')) {
          const waiting = gate.hold;
          gate.hold = null;
          await waiting;
        }
        const result = await app.db.execute(query);
        if (text.includes('unnest'))
          returned.push(...(result as unknown as { rows: { user_id: string | null }[] }).rows);
        return result;
      },
    } as Pick<Db, 'execute'>;
    const returned: { user_id: string | null }[] = [];
    const hub = new StreamHub(watched);
    await hub.start(app.database, { kind: 'local' });
    const seen = (userId: number) => {
      const events: StreamEvent[] = [];
      return { events, stop: hub.subscribe({ userId, send: (event) => events.push(event), end: () => {} }) };
    };
    const ofA = seen(a.userId);
    await fund(app, a.userId, 'GOLD', '1');
    await fund(app, b.userId, 'GOLD', '1');
    await fund(app, c.userId, 'GOLD', '1');
    await relayed(app);
    gate.hold = new Promise((resolve) => {
      gate.release = resolve;
    });
    const reading = hub.wake();
    await expect.poll(() => gate.hold === null).toBe(true);
    // B's first client arrives while the read (for A only) is out.
    const ofB = seen(b.userId);
    gate.release?.();
    await reading;
    expect(ofA.events.map((e) => e.kind)).toEqual(['balance']);
    expect(ofB.events.map((e) => e.kind)).toEqual(['balance']);
    expect(ofB.events[0]?.id).toBeGreaterThan(ofA.events[0]?.id ?? 0);
    // C has no client here: its event was not read, only passed over.
    const [cEvent] = await queryRows<{ seq: string }>(
      app.db,
      sql`select seq::text from stream_events where user_id = ${c.userId} order by seq desc limit 1`,
    );
    expect(hub.lastId).toBeGreaterThanOrEqual(Number(cEvent?.seq));
    expect(returned.map((row) => row.user_id)).not.toContain(String(c.userId));
    expect(returned.map((row) => row.user_id)).toContain(String(b.userId));
    ofA.stop();
    ofB.stop();
    await hub.stop();
  });

  it('prunes the events past the keeping time, oldest first, and keeps the rest', async () => {
    const member = await newMember(app);
    for (let n = 0; n < 3; n += 1) await fund(app, member.userId, 'GOLD', '1');
    await relayed(app);
    const seqs = async () =>
      (
        await queryRows<{ seq: string }>(
          app.db,
          sql`select seq::text from stream_events where user_id = ${member.userId} order by seq`,
        )
      ).map((row) => Number(row.seq));
    const [oldest, older, newest] = await seqs();
    // Everything before them (earlier tests) is as old as the oldest of the three.
    await app.db.execute(
      sql`update stream_events set created_at = now() - interval '61 minutes' where seq <= ${older ?? 0}`,
    );
    expect(await app.streamRelay?.prune()).toBeGreaterThanOrEqual(2);
    expect(await seqs()).toEqual([newest]);
    expect(oldest).toBeLessThan(older ?? 0);
  });
});
