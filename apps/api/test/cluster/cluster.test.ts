import { randomBytes } from 'node:crypto';
import { API } from '@minecloud/contract/api-paths';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { checkLedger } from '../../src/ledger/check.ts';
import { openStream } from '../stream.ts';
import {
  auditBooks,
  type LoadReport,
  type Member,
  mixedLoad,
  type Op,
  replayAnswered,
  retryUnknown,
  type Seed,
  seedMembers,
  settlementOnce,
} from './load.ts';
import { type PrivatePostgres, startPrivatePostgres } from './postgres.ts';
import { type ApiProcess, apiProcess } from './processes.ts';
import { type BalancingProxy, roundRobinProxy } from './proxy.ts';

// Two real server processes (MODE=all: both serve and both run the jobs) on one PostgreSQL of the
// test's own, behind a round-robin proxy; members' calls go through the proxy over HTTP.
const MEMBERS = 36;
const WORKERS = 12;

let postgres: PrivatePostgres;
let database: Database;
let seed: Seed;
let processes: ApiProcess[] = [];
let proxy: BalancingProxy;
const ops: Op[] = [];

async function loadFor(ms: number, during?: () => Promise<void>): Promise<LoadReport> {
  const stopAt = Date.now() + ms;
  const [report] = await Promise.all([
    mixedLoad(proxy.url, database.db, seed, { workers: WORKERS, until: () => Date.now() > stopAt }),
    during?.(),
  ]);
  ops.push(...report.ops);
  return report;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every phase must leave: the books match the answers, each once; the ledger balances. */
async function expectBooksRight() {
  await retryUnknown(proxy.url, ops);
  expect(await auditBooks(database.db, seed, ops)).toEqual([]);
  const ledger = await checkLedger(database.db);
  expect(ledger.mismatches).toEqual([]);
  expect(ledger.ok).toBe(true);
  expect(await settlementOnce(database.db, seed)).toEqual([]);
}

/** Answers by status, for the assertion messages. */
const statusesOf = (report: LoadReport) => ({
  statuses: Object.fromEntries(report.statuses),
  refusals: Object.fromEntries(report.refusals),
});

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database minecloud');
  await admin.end();
  const url = postgres.url.replace(/\/postgres$/, '/minecloud');
  database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
  await database.migrate();
  const jwtSecret = randomBytes(32).toString('hex');
  seed = await seedMembers(database.db, jwtSecret, MEMBERS);
  const env = {
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    MODE: 'all',
    DATABASE_POOL_MAX: '8',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
  };
  processes = await Promise.all([apiProcess('a', env), apiProcess('b', env)]);
  proxy = await roundRobinProxy(processes.map((p) => p.url));
}, 180_000);

afterAll(async () => {
  if (process.env.CLUSTER_LOGS) for (const p of processes) console.log(`── ${p.name} ──\n${p.output()}`);
  await proxy?.close();
  await Promise.all(processes.map((p) => p.stop()));
  await database?.close();
  await postgres?.stop();
}, 60_000);

describe('several API processes on one PostgreSQL', () => {
  it('serve mixed load through a round-robin proxy: both answer, every success is in the books once, the jobs ran once', async () => {
    const report = await loadFor(5000);
    expect(report.refusals, JSON.stringify(statusesOf(report))).toEqual(new Map());
    expect(report.reads.failed).toBe(0);
    const kinds = new Set(report.ops.filter((op) => op.outcome === 'ok').map((op) => op.op));
    expect([...kinds].sort()).toEqual(['buy', 'claim', 'gift', 'withdraw']);
    for (const p of processes) expect(proxy.served.get(p.url)).toBeGreaterThan(50);
    await expectBooksRight();
    expect(await replayAnswered(proxy.url, report.ops)).toEqual([]);
    await expectBooksRight();
  });

  it('carry a member’s event from a change on one process to their stream on the other, and to no one else', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const [giver, taker, bystander] = seed.members as [Member, Member, Member];
    const token = (member: Member) => member.bearer.replace(/^Bearer /, '');
    const [takerStream, bystanderStream] = await Promise.all([
      openStream(a.url, { token: token(taker) }),
      openStream(a.url, { token: token(bystander) }),
    ]);
    await Promise.all([takerStream, bystanderStream].map((s) => s.next((e) => e.event === 'hello')));
    // A gift like the load's own, kept with its ops: the books are audited against every call.
    const gift: Op = {
      op: 'gift',
      member: giver,
      key: `cluster-stream-${Date.now()}`,
      path: API.gift,
      body: { toUserId: String(taker.id), asset: 'GOLD', amount: '0.01' },
      outcome: 'unknown',
    };
    const res = await fetch(`${b.url}/app-api/${gift.path}`, {
      method: 'POST',
      headers: { authorization: giver.bearer, 'content-type': 'application/json', 'idempotency-key': gift.key },
      body: JSON.stringify(gift.body),
    });
    const answer = (await res.json()) as { code: number; data: unknown };
    expect(answer.code).toBe(0);
    ops.push({ ...gift, outcome: 'ok', status: res.status, code: answer.code, data: answer.data });
    const event = await takerStream.next((e) => e.event === 'balance' && e.data.transfer === 'gift', 10_000);
    expect(event.data).toMatchObject({ asset: 'GOLD', transfer: 'gift' });
    expect(bystanderStream.events.filter((e) => e.event === 'balance' && e.data.transfer === 'gift')).toEqual([]);
    takerStream.close();
    bystanderStream.close();
    await expectBooksRight();
  });

  it('lose a process to kill -9 under load: calls without an answer are retried with their keys, nothing is lost or doubled', async () => {
    const [victim] = processes as [ApiProcess];
    const before = proxy.served.get(victim.url) ?? 0;
    const report = await loadFor(7000, async () => {
      await sleep(1500);
      await victim.kill9();
      await sleep(1500);
      await victim.start();
    });
    // The kill cut calls in flight (answered 502 by the proxy), and the restarted process served again.
    expect(report.statuses.get(502) ?? 0, JSON.stringify(statusesOf(report))).toBeGreaterThan(0);
    expect(report.statuses.get(500) ?? 0).toBe(0);
    expect(report.ops.some((op) => op.retried || op.outcome === 'unknown')).toBe(true);
    await expectBooksRight();
    expect(proxy.served.get(victim.url) ?? 0).toBeGreaterThan(before + 20);
    expect(await replayAnswered(proxy.url, report.ops)).toEqual([]);
    await expectBooksRight();
  });

  it('ride out a PostgreSQL crash and restart under load: a clean 503 meanwhile, then every success in the books once', async () => {
    const report = await loadFor(8000, async () => {
      await sleep(1500);
      await postgres.crashRestart(1500);
    });
    // While it was down, members got the envelope's 503 (try again): no 500, and no 401 that would
    // sign them out of the app.
    const answered = [...report.statuses.keys()].sort();
    expect(answered, JSON.stringify(statusesOf(report))).toEqual([200, 503]);
    for (const p of processes) expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
    await expectBooksRight();
    // Calls refused with 503 went through on their retry, with the same key.
    expect(report.ops.some((op) => op.retried && op.outcome === 'ok')).toBe(true);
    expect(await replayAnswered(proxy.url, report.ops)).toEqual([]);
    await expectBooksRight();
  });

  it('start together on a fresh database, each with a pool of one connection: one migrates, both serve', async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database minecloud_fresh');
    await admin.end();
    const url = postgres.url.replace(/\/postgres$/, '/minecloud_fresh');
    const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), MODE: 'api', DATABASE_POOL_MAX: '1' };
    const fresh = await Promise.all([apiProcess('fresh-1', env), apiProcess('fresh-2', env)]);
    try {
      for (const p of fresh) {
        const res = await fetch(`${p.url}/app-api/biz/biz-config/get/basic`);
        expect(((await res.json()) as { code: number }).code).toBe(0);
      }
    } finally {
      await Promise.all(fresh.map((p) => p.stop()));
    }
  });
});
