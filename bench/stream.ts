// Stream: how many Server-Sent-Events clients one API process holds, what each costs in memory, and
// how long an event takes from its database change to the client (issue 27; budget: 10,000 clients,
// p99 below 1 s). One API process on PostgreSQL; the clients are plain HTTP connections from this
// process (not sharing the server's event loop). Two kinds of change are timed from just before
// their COMMIT (NOTIFY is delivered on commit) to the moment the client has read the event:
// a member's own event (one client gets it), and a public event (every client gets it).

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { benchMembers, dropDatabase, percentile, quick, record, startServer } from './lib.ts';

const CLIENTS = quick ? 200 : 10_000;
const OWN_EVENTS = quick ? 50 : 500;
const PUBLIC_EVENTS = quick ? 2 : 5;
const P99_BUDGET_MS = 1_000;
const name = 'minecloud_bench_stream';

type Client = { userId: number; connected: boolean; received: Map<number, number> };

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const { url, jwtSecret, database, ids, bearer } = await benchMembers(name, CLIENTS);
const api = await startServer({ DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api', DEMO: '0' });
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const requests: http.ClientRequest[] = [];

/** Opens one stream for member `i`; every event's id is noted with the time it was read. */
function connect(i: number): Promise<Client> {
  const client: Client = { userId: ids[i] as number, connected: false, received: new Map() };
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${api.url}${API_BASE.main}${API.stream}`,
      { agent, headers: { accept: 'text/event-stream', authorization: bearer[i] as string } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.includes('event: hello')) {
              client.connected = true;
              resolve(client);
            }
            const id = /^id: (\d+)$/m.exec(frame)?.[1];
            if (id && /event: (balance|notice)/.test(frame)) client.received.set(Number(id), now);
          }
        });
      },
    );
    request.on('error', reject);
    requests.push(request);
  });
}

/** One change and its event, committed by this process: resolves the event's id and the time of COMMIT. */
async function change(userId: number | null): Promise<{ id: number; at: number }> {
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into stream_events (user_id, kind, data) values (${userId}, ${userId === null ? 'notice' : 'balance'}, '{"bench":"1"}')
          returning id::text`,
    );
    await tx.execute(sql`select pg_notify('stream_events', ${row?.id as string})`);
    return { id: Number(row?.id), at: performance.now() };
  });
}

try {
  const before = rssKb(api.pid);
  const clients: Client[] = [];
  // In batches, as a crowd arrives: each batch is connected (its hello read) before the next.
  const BATCH = 500;
  for (let start = 0; start < CLIENTS; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, CLIENTS - start) }, (_, k) => connect(start + k)),
    );
    clients.push(...batch);
  }
  await new Promise((r) => setTimeout(r, 2_000));
  const held = clients.filter((c) => c.connected).length;
  const after = rssKb(api.pid);
  const perClientKb = (after - before) / held;

  // A member's own events: one at a time, each to a random connected member.
  const own: number[] = [];
  const ownIds: { id: number; userId: number }[] = [];
  let lost = 0;
  for (let n = 0; n < OWN_EVENTS; n += 1) {
    const client = clients[Math.floor(Math.random() * clients.length)] as Client;
    const { id, at } = await change(client.userId);
    ownIds.push({ id, userId: client.userId });
    const deadline = Date.now() + 5_000;
    while (!client.received.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const got = client.received.get(id);
    if (got === undefined) lost += 1;
    else own.push(got - at);
  }
  // Public events: every client gets each one.
  const fanout: number[] = [];
  for (let n = 0; n < PUBLIC_EVENTS; n += 1) {
    const { id, at } = await change(null);
    const deadline = Date.now() + 10_000;
    while (clients.some((c) => !c.received.has(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    for (const client of clients) {
      const got = client.received.get(id);
      if (got === undefined) lost += 1;
      else fanout.push(got - at);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // No member ever got another's event.
  let leaked = 0;
  for (const { id, userId } of ownIds) {
    for (const client of clients) if (client.userId !== userId && client.received.has(id)) leaked += 1;
  }
  const ownP50 = percentile(own, 50);
  const ownP99 = percentile(own, 99);
  const fanP50 = percentile(fanout, 50);
  const fanP99 = percentile(fanout, 99);
  console.log(
    `\nstream (GET ${API.stream}, 1 API process on PostgreSQL, ${held} of ${CLIENTS} clients held; ${OWN_EVENTS} own events one at a time, ${PUBLIC_EVENTS} public events to all)`,
  );
  console.log(
    `  server memory: ${(before / 1024).toFixed(0)} MB → ${(after / 1024).toFixed(0)} MB, ${perClientKb.toFixed(1)} KB per client`,
  );
  console.log(`  own event, change to client: p50 ${ownP50.toFixed(1)} ms, p99 ${ownP99.toFixed(1)} ms`);
  console.log(`  public event to every client: p50 ${fanP50.toFixed(1)} ms, p99 ${fanP99.toFixed(1)} ms; lost ${lost}`);
  const worstP99 = Math.max(ownP99, fanP99);
  record({
    bench: 'stream',
    metric: 'stream clients held by one API process',
    value: held,
    unit: '',
    budget: `≥ ${CLIENTS}`,
    pass: held >= CLIENTS,
  });
  record({
    bench: 'stream',
    metric: 'server memory per stream client',
    value: perClientKb,
    digits: 1,
    unit: 'KB',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: 'own event, change to client p50',
    value: ownP50,
    digits: 1,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: 'public event to all clients p50',
    value: fanP50,
    digits: 1,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'stream',
    metric: 'event change to client p99 (own and public)',
    value: worstP99,
    digits: 1,
    unit: 'ms',
    budget: `< ${P99_BUDGET_MS} ms`,
    pass: worstP99 < P99_BUDGET_MS,
  });
  record({
    bench: 'stream',
    metric: "a member's event read by another",
    value: leaked,
    unit: '',
    budget: '= 0',
    pass: leaked === 0,
    correctness: true,
  });
  record({
    bench: 'stream',
    metric: 'events lost',
    value: lost,
    unit: '',
    budget: '= 0',
    pass: lost === 0,
    correctness: true,
  });
} finally {
  for (const request of requests) request.destroy();
  await api.stop();
  await database.close();
  await dropDatabase(name);
}
