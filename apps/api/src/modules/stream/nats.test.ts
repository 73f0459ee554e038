import { sql } from 'drizzle-orm';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fund, type Member, newMember, post } from '../../../test/money.ts';
import { hasNatsServer, startTestNats, type TestNats } from '../../../test/nats.ts';
import { type OpenStream, openStream } from '../../../test/stream.ts';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import type { StreamEvent } from './hub.ts';
import { NATS_STREAM } from './nats.ts';

// Two API processes on one PostgreSQL database and one NATS server: `jobs` runs the relay, `api`
// (MODE=api) only serves streams, and hears of events through NATS alone.
let nats: TestNats;
let jobs: TestApp;
let api: Awaited<ReturnType<typeof buildApp>>;
let apiUrl: string;
let watcher: NatsConnection;
const published: StreamEvent[] = [];
let alice: Member;
let bob: Member;

describe.runIf(hasNatsServer())('the live stream through NATS', () => {
  beforeAll(async () => {
    nats = await startTestNats();
    jobs = await buildTestApp({ NATS_URL: nats.url });
    api = await buildApp({
      config: { ...jobs.config, mode: 'api' },
      database: jobs.database,
      logger: false,
      serveApps: false,
    });
    apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
    expect(api.streamRelay).toBeNull();
    // What NATS carries, as any subscriber sees it.
    watcher = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
    const codec = JSONCodec<StreamEvent>();
    watcher.subscribe('minecloud.stream.>', {
      callback: (_error, message) => published.push(codec.decode(message.data)),
    });
    [alice, bob] = [await newMember(jobs), await newMember(jobs)];
    await fund(jobs, alice.userId, 'GOLD', '100');
  });
  afterAll(async () => {
    await watcher?.close();
    await api?.close();
    await jobs?.close();
    await nats?.close();
  });

  const gift = (amount: string) =>
    post(jobs, alice, 'asset/send', { toUserId: String(bob.userId), asset: 'GOLD', amount });
  const balances = (stream: OpenStream) => stream.events.filter((e) => e.event === 'balance');

  it('carries a gift on one process to the member’s stream on another, once and in order', async () => {
    const stream = await openStream(apiUrl, { token: bob.token });
    await stream.next((e) => e.event === 'hello');
    for (const amount of ['1', '2', '3']) expect((await gift(amount)).body.code).toBe(0);
    // Well within the hub's safety read of the outbox (every 5 s): these came by NATS.
    await expect.poll(() => balances(stream).length, { timeout: 4_000 }).toBe(3);
    const ids = balances(stream).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    for (const id of ids) expect(published.filter((e) => e.id === id && e.userId === bob.userId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(balances(stream)).toHaveLength(3);
    stream.close();
  });

  it('resumes where it stopped when NATS comes back: nothing lost, nothing doubled', async () => {
    const stream = await openStream(apiUrl, { token: bob.token });
    await stream.next((e) => e.event === 'hello');
    await nats.stop();
    for (const amount of ['4', '5', '6', '7']) expect((await gift(amount)).body.code).toBe(0);
    // The relay cannot publish: it keeps its place (the hub reads the outbox meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [stuck] = await queryRows<{ assigned: string; published: string }>(
      jobs.db,
      sql`select assigned::text, published::text from stream_relay`,
    );
    expect(Number(stuck?.published)).toBeLessThan(Number(stuck?.assigned));
    await nats.start();
    await expect
      .poll(
        async () => {
          const [row] = await queryRows<{ behind: boolean }>(
            jobs.db,
            sql`select published < assigned as behind from stream_relay`,
          );
          return row?.behind;
        },
        { timeout: 15_000 },
      )
      .toBe(false);
    await expect.poll(() => balances(stream).length, { timeout: 10_000 }).toBe(4);
    const ids = balances(stream).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(4);
    // JetStream holds every seq the relay gave, once each, with none missing in between.
    const jsm = await watcher.jetstreamManager();
    const info = await jsm.streams.info(NATS_STREAM);
    const [relay] = await queryRows<{ assigned: string }>(jobs.db, sql`select assigned::text from stream_relay`);
    const stored: number[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const message = await jsm.streams.getMessage(NATS_STREAM, { seq });
      stored.push(JSONCodec<StreamEvent>().decode(message.data).id);
    }
    expect(stored).toEqual([...stored].sort((x, y) => x - y));
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.at(-1)).toBe(Number(relay?.assigned));
    expect(stored.at(-1)! - stored[0]! + 1).toBe(stored.length);
    stream.close();
  });
});
