import { randomUUID } from 'node:crypto';
import { API } from '@minecloud/contract/api-paths';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { fund, type Member, post, quickMembers, unitsOf } from '../../test/money.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { userAccount } from '../ledger/accounts.ts';
import { checkLedger } from '../ledger/check.ts';
import { betweenMembers } from '../ledger/member-batch.ts';
import { AppError } from '../lib/errors.ts';
import { sessionIsLive } from '../modules/auth/tokens.ts';
import { type MemberTransfer, memberTransfers } from './member-transfers.ts';

/**
 * Gifts that arrive together share a statement (money/member-transfers.ts, ledger/member-batch.ts): each still counts once on its
 * member's limit, checks its own session, moves exactly its amount or nothing, and keeps its own key;
 * one call's failure is never another's; and statements that touch the same members never deadlock.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const GOLD = 100n; // units of 0.01

/** A call as the gift route makes it: `amount` in units of GOLD, between two members' available accounts. */
async function callOf(from: Member, to: number, amount: bigint, key = randomUUID()): Promise<MemberTransfer> {
  const claims = await app.tokens.claims(from.token);
  if (!claims) throw new Error('a test token did not verify');
  const now = new Date();
  return {
    transfer: betweenMembers({
      asset: 'GOLD',
      from: userAccount(from.userId),
      to: userAccount(to),
      amount,
      kind: 'gift',
      reference: `gift:${from.userId}:${to}`,
      idempotencyKey: `test:${key}:gift`,
    }),
    key: { userId: from.userId, key, requestHash: 'hash' },
    limit: { key: `test-limit:${from.userId}`, start: now, end: new Date(now.getTime() + 60_000), max: 1000 },
    session: { id: claims.sessionId, userId: from.userId },
  };
}

async function fundedMembers(n: number, gold: string): Promise<Member[]> {
  const members = await quickMembers(app, n);
  for (const member of members) await fund(app, member.userId, 'GOLD', gold);
  return members;
}

describe('gifts that arrive together', () => {
  it('share statements, never two calls of one member in a statement, and land exactly', async () => {
    const members = await fundedMembers(6, '100');
    const sizes: number[] = [];
    const move = memberTransfers(app.db, {
      inFlight: 1,
      sessionIsLive,
      onStatement: (calls) => sizes.push(calls.length),
    });
    // Every ordered pair once: A→B and B→A, each member in ten calls.
    const pairs = members.flatMap((from) => members.filter((to) => to !== from).map((to) => [from, to] as const));
    const calls = await Promise.all(pairs.map(([from, to], i) => callOf(from, to.userId, BigInt(i + 1))));
    const rows = await Promise.all(calls.map((call) => move(call)));

    expect(rows.every((row) => row.ok && row.answer !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.answer?.transferId)).size).toBe(pairs.length);
    // The first call goes alone at once; the others wait and go together, at most three a statement
    // (six members, two in each call).
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(pairs.length);
    expect(sizes.length).toBeLessThan(pairs.length / 2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    for (const member of members) {
      const out = pairs.reduce((sum, [from], i) => (from === member ? sum + BigInt(i + 1) : sum), 0n);
      const into = pairs.reduce((sum, [, to], i) => (to === member ? sum + BigInt(i + 1) : sum), 0n);
      expect(await unitsOf(app, member.userId, 'GOLD')).toBe(100n * GOLD - out + into);
    }
    // Each call counted once on its member's window.
    const hits = rows.map((row) => Number(row.hits));
    for (const member of members) {
      const own = pairs.flatMap(([from], i) => (from === member ? [hits[i] as number] : []));
      expect(own.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('holds a call whose member is in a running statement, and lets the others pass it', async () => {
    const [a, b, c, d, e] = (await fundedMembers(5, '10')) as [Member, Member, Member, Member, Member];
    const statements: string[][] = [];
    const move = memberTransfers(app.db, {
      inFlight: 2,
      sessionIsLive,
      onStatement: (calls) => statements.push(calls.map((call) => call.transfer.reference ?? '')),
    });
    const calls = await Promise.all([callOf(a, b.userId, GOLD), callOf(a, c.userId, GOLD), callOf(d, e.userId, GOLD)]);
    const rows = await Promise.all(calls.map((call) => move(call)));
    expect(rows.every((row) => row.answer !== null)).toBe(true);
    // A→B runs at once; A→C waits for it although a second statement is free, and D→E takes it.
    const ref = (from: Member, to: Member) => `gift:${from.userId}:${to.userId}`;
    expect(statements).toEqual([[ref(a, b)], [ref(d, e)], [ref(a, c)]]);
    expect(await unitsOf(app, a.userId, 'GOLD')).toBe(8n * GOLD);
  });

  it('lets a call be passed over three times at most, then holds its members for it', async () => {
    // A database whose statements end when the test says: each answers that every call moved.
    const pending: { calls: number; end: () => void }[] = [];
    const db = {
      dialect: new PgDialect(),
      session: {
        prepareQuery: (query: { params: unknown[] }) => ({
          execute: () =>
            new Promise((resolve) => {
              const calls = (query.params.length - 1) / 19;
              const row = {
                within: true,
                live: true,
                ok: true,
                hits: '1',
                expiresAt: new Date(),
                answer: { transferId: '1' },
              };
              pending.push({ calls, end: () => resolve({ rows: Array(calls).fill(row) }) });
            }),
        }),
      },
    } as unknown as Db;
    const [a, b, c, d, e] = (await quickMembers(app, 5)) as [Member, Member, Member, Member, Member];
    const statements: string[][] = [];
    const move = memberTransfers(db, {
      inFlight: 2,
      sessionIsLive,
      onStatement: (calls) => statements.push(calls.map((call) => call.transfer.reference ?? '')),
    });
    const ref = (from: Member, to: Member) => `gift:${from.userId}:${to.userId}`;
    const settle = async () => new Promise((resolve) => setImmediate(resolve));
    const ended: Promise<unknown>[] = [];
    const send = async (from: Member, to: Member) => {
      ended.push(move(await callOf(from, to.userId, 1n)));
      await settle();
    };
    await send(a, b); // runs
    await send(a, c); // A is busy: passed over (1)
    await send(c, d); // runs beside A→B, passing A→C over (2)
    pending[1]?.end();
    await settle(); // C→D ended; A is still busy: passed over (3), and now it holds A and C
    await send(c, e); // free, but C is held for A→C
    expect(statements).toEqual([[ref(a, b)], [ref(c, d)]]);
    pending[0]?.end();
    await settle();
    pending[2]?.end();
    await settle();
    pending[3]?.end();
    await Promise.all(ended);
    expect(statements).toEqual([[ref(a, b)], [ref(c, d)], [ref(a, c)], [ref(c, e)]]);
  });

  it('fails only the call that fails: an unknown receiver, a repeated key, an uncovered amount, a signed-out caller', async () => {
    const [rich, poor, taker, repeater, leaver, other, another] = await fundedMembers(7, '10');
    const usedKey = randomUUID();
    const move = memberTransfers(app.db, { inFlight: 1, sessionIsLive });
    const first = await move(await callOf(repeater as Member, (taker as Member).userId, GOLD, usedKey));
    expect(first.answer).not.toBeNull();
    await app.inject({ method: 'POST', url: `/app-api/${API.logout}`, headers: (leaver as Member).headers });

    const calls = await Promise.all([
      callOf(other as Member, (another as Member).userId, GOLD),
      callOf(rich as Member, (taker as Member).userId, 2n * GOLD),
      callOf(poor as Member, 999_999_999, GOLD),
      callOf(repeater as Member, (another as Member).userId, GOLD, usedKey),
      callOf(poor as Member, (other as Member).userId, 11n * GOLD),
      callOf(leaver as Member, (rich as Member).userId, GOLD),
    ]);
    const sizes: number[] = [];
    const observed = memberTransfers(app.db, {
      inFlight: 1,
      sessionIsLive,
      onStatement: (calls) => sizes.push(calls.length),
    });
    const settled = await Promise.allSettled(calls.map((c) => observed(c)));
    // The first goes alone; the next statement takes the three whose members differ (a known
    // receiver, an unknown one, a repeated key), fails whole and runs each alone; then the other two.
    expect(sizes).toEqual([1, 3, 2]);

    const answerOf = (i: number) => {
      const result = settled[i];
      return result?.status === 'fulfilled' ? result.value : { refused: result?.reason };
    };
    const [good, unknown, repeated, uncovered, signedOut] = [1, 2, 3, 4, 5].map(answerOf);
    expect(good).toMatchObject({ ok: true, answer: { transferId: expect.any(String) } });
    expect(unknown).toEqual({ refused: new AppError('receiverNotFound') });
    expect(repeated).toMatchObject({ refused: expect.any(Error) });
    expect(uncovered).toMatchObject({ ok: true, answer: null });
    expect(signedOut).toMatchObject({ live: false, ok: false, answer: null });
    expect(await unitsOf(app, (rich as Member).userId, 'GOLD')).toBe(8n * GOLD);
    expect(await unitsOf(app, (poor as Member).userId, 'GOLD')).toBe(10n * GOLD);
    expect(await unitsOf(app, (leaver as Member).userId, 'GOLD')).toBe(10n * GOLD);
    expect(await unitsOf(app, (repeater as Member).userId, 'GOLD')).toBe(9n * GOLD);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('answers every gift of a crowd through the API once, repeats with their first answer', async () => {
    const members = await fundedMembers(4, '100');
    const gifts = Array.from({ length: 40 }, (_, i) => {
      const from = members[i % 4] as Member;
      const to = members[(i + 1 + (i % 3)) % 4] as Member;
      return { from, to, key: randomUUID() };
    });
    const send = (gift: (typeof gifts)[number]) =>
      post(app, gift.from, API.gift, { toUserId: String(gift.to.userId), asset: 'GOLD', amount: '1' }, gift.key);
    // Each gift twice at once (a double tap): one transfer each, both answers the same.
    const answers = await Promise.all(gifts.flatMap((gift) => [send(gift), send(gift)]));
    expect(answers.map((a) => a.body.code)).toEqual(Array(80).fill(0));
    for (let i = 0; i < 40; i += 1) expect(answers[2 * i]?.body.data).toEqual(answers[2 * i + 1]?.body.data);
    expect(new Set(answers.map((a) => a.body.data.transferId)).size).toBe(40);
    const total = (await Promise.all(members.map((m) => unitsOf(app, m.userId, 'GOLD')))).reduce((a, b) => a + b, 0n);
    expect(total).toBe(4n * 100n * GOLD);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

// Two app instances on one database, as two processes of a cluster: on PostgreSQL their statements
// race for real row locks; on PGlite (one connection) they take turns, and the answers are the same.
describe('gifts on two processes of one database', () => {
  it('never deadlock when members give each other at once', async () => {
    const other = await buildApp({ config: app.config, database: app.database, logger: false, serveApps: false });
    await other.ready();
    try {
      const [a, b, c] = (await fundedMembers(3, '1000')) as [Member, Member, Member];
      const gift = (on: TestApp, from: Member, to: Member) =>
        on.inject({
          method: 'POST',
          url: `/app-api/${API.gift}`,
          headers: { ...from.headers, 'idempotency-key': randomUUID() },
          payload: { toUserId: String(to.userId), asset: 'GOLD', amount: '1' },
        });
      // A→B and C→A here while B→A and A→C there: every pair of opposite gifts races.
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => [
          gift(app, a, b),
          gift(other, b, a),
          gift(app, c, a),
          gift(other, a, c),
        ]).flat(),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(120).fill(200));
      expect(answers.map((res) => res.json().code)).toEqual(Array(120).fill(0));
      expect(await unitsOf(app, a.userId, 'GOLD')).toBe(1000n * GOLD);
      expect(await unitsOf(app, b.userId, 'GOLD')).toBe(1000n * GOLD);
      expect((await checkLedger(app.db)).ok).toBe(true);
    } finally {
      await other.close();
    }
  });
});
