// Stream: how many Server-Sent-Events clients one API process holds, what each costs in memory, and
// how long an event takes from its database change to the client (budget: 10,000 clients, p99 below
// 1 s). The events come as the app's do (docs/operations.md, "The live stream"): a change commits its
// event into the outbox, the relay (modules/stream/relay.ts, run here as a jobs process runs it)
// orders it and hands it on, and the API processes pass it to their clients. Two topologies, each on
// a PostgreSQL database of its own:
// - one API process, the relay's batches announced by NOTIFY (PostgreSQL alone);
// - two API processes behind NATS (BENCH_NATS_URL, default the machine's nats://127.0.0.1:4222), the
//   clients split between them, the relay publishing to JetStream.
// Two kinds of change are timed from just before their COMMIT to the moment the client has read the
// event: a member's own event (one client gets it), and a public event (every client gets it). The
// clients are plain HTTP connections from processes of their own, one per API process
// (bench/stream-clients.ts), not sharing the servers' event loops or this one's.

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import { connectNats, natsPublisher } from '../apps/api/src/modules/stream/nats.ts';
import { StreamRelay } from '../apps/api/src/modules/stream/relay.ts';
import { benchMembers, dropDatabase, percentile, quick, record, root, startServer } from './lib.ts';
import type { ClientOrder, ClientsIn, ClientsOut } from './stream-clients.ts';

const CLIENTS = quick ? 200 : 10_000;
const OWN_EVENTS = quick ? 50 : 500;
const PUBLIC_EVENTS = quick ? 2 : 5;
const P99_BUDGET_MS = 1_000;
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

type Client = { userId: number; connected: boolean; received: Map<string, number>; doubled: number };

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

type Topology = { label: string; name: string; servers: number; nats: boolean };

/** Runs one topology: `servers` API processes holding CLIENTS clients each; resolves its figures. */
async function measure(topology: Topology) {
  const total = CLIENTS * topology.servers;
  const { url, jwtSecret, database, ids, bearer } = await benchMembers(topology.name, total);
  const env = { DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api', DEMO: '0' };
  const apis: Awaited<ReturnType<typeof startServer>>[] = [];
  for (let n = 0; n < topology.servers; n += 1) {
    apis.push(await startServer(topology.nats ? { ...env, NATS_URL } : env));
  }
  const nats = topology.nats ? await connectNats(NATS_URL, 'minecloud bench relay') : null;
  const relay = new StreamRelay(
    database.db,
    nats ? { kind: 'nats', publish: natsPublisher(nats) } : { kind: 'notify' },
  );
  relay.start();
  // The clients live in processes of their own (bench/stream-clients.ts), one per API process: one
  // process may hold 20,000 open files here, fewer than two servers' clients.
  const clients: Client[] = Array.from({ length: total }, (_, i) => ({
    userId: ids[i] as number,
    connected: false,
    received: new Map<string, number>(),
    doubled: 0,
  }));
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const holders = apis.map(() => {
    const child = fork(path.join(root, 'bench/stream-clients.ts'), [], { execArgv: ['--import', 'tsx'] });
    child.on('message', (message: ClientsOut) => {
      if ('connected' in message) {
        const client = clients[message.connected]!;
        client.connected = true;
        waiting.get(message.connected)?.resolve();
      } else if ('failed' in message) {
        waiting.get(message.failed)?.reject(new Error(message.error));
      } else {
        const client = clients[message.event]!;
        if (client.received.has(message.mark)) client.doubled += 1;
        else client.received.set(message.mark, message.at);
      }
    });
    return child;
  });

  /** Opens the streams of members `from` to `to` - 1, each on its server; resolves once all said hello. */
  function connect(from: number, to: number): Promise<unknown> {
    const orders = new Map<number, ClientOrder[]>();
    const opened: Promise<void>[] = [];
    for (let i = from; i < to; i += 1) {
      const n = i % apis.length;
      const list = orders.get(n) ?? [];
      list.push({ i, url: `${apis[n]!.url}${API_BASE.main}${API.stream}`, authorization: bearer[i] as string });
      orders.set(n, list);
      opened.push(new Promise((resolve, reject) => waiting.set(i, { resolve, reject })));
    }
    for (const [n, list] of orders) holders[n]!.send({ connect: list } satisfies ClientsIn);
    return Promise.all(opened);
  }

  let marks = 0;
  /** One change and its event, committed by this process: resolves the event's mark and the time of COMMIT. */
  async function change(userId: number | null): Promise<{ mark: string; at: number }> {
    marks += 1;
    const mark = `${topology.name}-${marks}`;
    return database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into stream_events (user_id, kind, data)
            values (${userId}, ${userId === null ? 'notice' : 'balance'}, ${JSON.stringify({ bench: mark })}::jsonb)`,
      );
      return { mark, at: performance.timeOrigin + performance.now() };
    });
  }

  try {
    const before = apis.map((api) => rssKb(api.pid));
    // In batches, as a crowd arrives: each batch is connected (its hello read) before the next.
    const BATCH = 500;
    for (let start = 0; start < total; start += BATCH) await connect(start, Math.min(total, start + BATCH));
    await new Promise((r) => setTimeout(r, 2_000));
    const held = clients.filter((c) => c.connected).length;
    const after = apis.map((api) => rssKb(api.pid));
    const perClientKb = after.reduce((sum, kb, n) => sum + kb - (before[n] ?? 0), 0) / held;

    // A member's own events: one at a time, each to a random connected member.
    const own: number[] = [];
    const ownMarks: { mark: string; userId: number }[] = [];
    let lost = 0;
    for (let n = 0; n < OWN_EVENTS; n += 1) {
      const client = clients[Math.floor(Math.random() * clients.length)] as Client;
      const { mark, at } = await change(client.userId);
      ownMarks.push({ mark, userId: client.userId });
      const deadline = Date.now() + 5_000;
      while (!client.received.has(mark) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const got = client.received.get(mark);
      if (got === undefined) lost += 1;
      else own.push(got - at);
    }
    // Public events: every client gets each one.
    const fanout: number[] = [];
    for (let n = 0; n < PUBLIC_EVENTS; n += 1) {
      const { mark, at } = await change(null);
      const deadline = Date.now() + 10_000;
      while (clients.some((c) => !c.received.has(mark)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      for (const client of clients) {
        const got = client.received.get(mark);
        if (got === undefined) lost += 1;
        else fanout.push(got - at);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    // No member ever got another's event, and none got one twice.
    const doubled = clients.reduce((sum, client) => sum + client.doubled, 0);
    let leaked = 0;
    for (const { mark, userId } of ownMarks) {
      for (const client of clients) if (client.userId !== userId && client.received.has(mark)) leaked += 1;
    }
    return { total, held, perClientKb, before, after, own, fanout, lost, leaked, doubled };
  } finally {
    for (const holder of holders) {
      if (holder.connected) holder.send({ close: true } satisfies ClientsIn);
      holder.kill();
    }
    await relay.stop();
    await nats?.close();
    for (const api of apis) await api.stop();
    await database.close();
    await dropDatabase(topology.name);
  }
}

const TOPOLOGIES: Topology[] = [
  { label: '1 API process on PostgreSQL', name: 'minecloud_bench_stream', servers: 1, nats: false },
  { label: '2 API processes behind NATS', name: 'minecloud_bench_stream_nats', servers: 2, nats: true },
];

for (const topology of TOPOLOGIES) {
  const figures = await measure(topology);
  const { held, total, perClientKb, own, fanout, lost, leaked, doubled } = figures;
  const ownP50 = percentile(own, 50);
  const ownP99 = percentile(own, 99);
  const fanP50 = percentile(fanout, 50);
  const fanP99 = percentile(fanout, 99);
  console.log(
    `\nstream (GET ${API.stream}, ${topology.label}, ${held} of ${total} clients held; ${OWN_EVENTS} own events one at a time, ${PUBLIC_EVENTS} public events to all)`,
  );
  console.log(
    `  server memory: ${figures.before.map((kb) => (kb / 1024).toFixed(0)).join(' + ')} MB → ${figures.after.map((kb) => (kb / 1024).toFixed(0)).join(' + ')} MB, ${perClientKb.toFixed(1)} KB per client`,
  );
  console.log(`  own event, change to client: p50 ${ownP50.toFixed(1)} ms, p99 ${ownP99.toFixed(1)} ms`);
  console.log(
    `  public event to every client: p50 ${fanP50.toFixed(1)} ms, p99 ${fanP99.toFixed(1)} ms; lost ${lost}, doubled ${doubled}`,
  );
  const worstP99 = Math.max(ownP99, fanP99);
  const nats = topology.nats ? ' (2 processes, NATS)' : '';
  record({
    bench: 'stream',
    metric: `stream clients held${topology.nats ? ' by two API processes behind NATS' : ' by one API process'}`,
    value: held,
    unit: '',
    budget: `≥ ${total}`,
    pass: held >= total,
  });
  record({
    bench: 'stream',
    metric: `server memory per stream client${nats}`,
    value: perClientKb,
    digits: 1,
    unit: 'KB',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: `own event, change to client p50${nats}`,
    value: ownP50,
    digits: 1,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: `public event to all clients p50${nats}`,
    value: fanP50,
    digits: 1,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: `event change to client p99 (own and public)${nats}`,
    value: worstP99,
    digits: 1,
    unit: 'ms',
    budget: `< ${P99_BUDGET_MS} ms`,
    pass: worstP99 < P99_BUDGET_MS,
  });
  record({
    bench: 'stream',
    metric: `a member's event read by another${nats}`,
    value: leaked,
    unit: '',
    budget: '= 0',
    pass: leaked === 0,
    correctness: true,
  });
  record({
    bench: 'stream',
    metric: `events lost${nats}`,
    value: lost,
    unit: '',
    budget: '= 0',
    pass: lost === 0,
    correctness: true,
  });
  record({
    bench: 'stream',
    metric: `events delivered twice${nats}`,
    value: doubled,
    unit: '',
    budget: '= 0',
    pass: doubled === 0,
    correctness: true,
  });
}
