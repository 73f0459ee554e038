import { userAnswerSchema } from '@minecloud/contract/auth';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fund, type Member, quickMembers } from '../../../test/money.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { profileReader } from './service.ts';

/**
 * The profile calls that arrive together share one statement (service.ts, `profileReader`): each
 * still gets its own member's answer, and a call whose session is gone gets its 401, whoever it
 * shares the statement with and whichever process signed it out.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const profile = (on: TestApp, member: Member) =>
  on.inject({ method: 'GET', url: '/app-api/biz/biz-user/get', headers: member.headers });

describe('profiles read together', () => {
  it("answer with the contract's schema, every asset's balance written as formatAmount writes it", async () => {
    const [bare, rich] = (await quickMembers(app, 2)) as [Member, Member];
    await fund(app, rich.userId, 'GOLD', '1234567.01');
    await fund(app, rich.userId, 'USDT', '0.000001');
    await fund(app, rich.userId, 'BTC', '20.5');
    await app.db.execute(
      sql`update users set email = 'a"b\\c@example.com', withdraw_address = '0xabc', level = 3, identity = 'gold'
          where id = ${rich.userId}`,
    );
    await app.db.execute(
      sql`insert into invite_codes (user_id, department, code) values (${rich.userId}, 2, 'BBBBBB'), (${rich.userId}, 1, 'AAAAAA')`,
    );
    const answers = envelopeSchema(userAnswerSchema);
    const none = await profile(app, bare);
    expect(none.headers['content-type']).toBe('application/json; charset=utf-8');
    answers.parse(none.json());
    // Compared as sent, not as parsed (which would drop a key the schema does not name).
    expect(none.json()).toEqual({
      code: 0,
      msg: '',
      data: {
        id: String(bare.userId),
        address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        identity: 'guest',
        level: 0,
        email: null,
        withdrawAddress: null,
        inviteCodes: [],
        balances: { GOLD: '0', USDT: '0', BTC: '0' },
      },
    });
    const full = await profile(app, rich);
    answers.parse(full.json());
    expect(full.json().data).toMatchObject({
      identity: 'gold',
      level: 3,
      email: 'a"b\\c@example.com',
      withdrawAddress: '0xabc',
      inviteCodes: [
        { department: 1, code: 'AAAAAA' },
        { department: 2, code: 'BBBBBB' },
      ],
      balances: { GOLD: '1234567.01', USDT: '0.000001', BTC: '20.5' },
    });
  });

  it('answer each of 60 calls at once with its own member, and refuse the signed-out ones', async () => {
    const members = await quickMembers(app, 30);
    for (const [i, member] of members.entries()) await fund(app, member.userId, 'GOLD', String(i + 1));
    const signedOut = new Set(members.filter((_, i) => i % 3 === 0).map((m) => m.userId));
    const other = await buildApp({ config: app.config, database: app.database, logger: false, serveApps: false });
    await other.ready();
    try {
      for (const member of members.filter((m) => signedOut.has(m.userId))) {
        const out = await other.inject({
          method: 'POST',
          url: '/app-api/biz/biz-user/logout',
          headers: member.headers,
        });
        expect(out.json().code).toBe(0);
      }
      const calls = [...members, ...members].reverse();
      const answers = await Promise.all(calls.map((member) => profile(app, member)));
      for (const [i, res] of answers.entries()) {
        const member = calls[i] as Member;
        if (signedOut.has(member.userId)) {
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ code: 401, data: null, msg: '请先登录' });
        } else {
          expect(res.statusCode).toBe(200);
          const gold = String(members.indexOf(member) + 1);
          expect(res.json().data).toMatchObject({ id: String(member.userId), balances: { GOLD: gold } });
        }
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a call signed out between two calls that shared a statement', async () => {
    const [member] = (await quickMembers(app, 1)) as [Member];
    const first = await Promise.all([profile(app, member), profile(app, member)]);
    expect(first.map((res) => res.statusCode)).toEqual([200, 200]);
    await app.inject({ method: 'POST', url: '/app-api/biz/biz-user/logout', headers: member.headers });
    const after = await Promise.all([profile(app, member), profile(app, member)]);
    expect(after.map((res) => res.statusCode)).toEqual([401, 401]);
  });

  it('let the calls that arrive while two statements run wait, and then share one', async () => {
    const members = await quickMembers(app, 12);
    // The database answers only when the test lets it: each statement waits for its own release.
    const releases: (() => void)[] = [];
    const { session } = app.db as unknown as { session: { prepareQuery: (...args: unknown[]) => Executable } };
    type Executable = { execute: () => Promise<unknown> };
    const held = Object.create(app.db, {
      session: {
        value: {
          prepareQuery: (...args: unknown[]) => {
            const query = session.prepareQuery(...args);
            return {
              execute: async () => {
                await new Promise<void>((release) => releases.push(release));
                return query.execute();
              },
            };
          },
        },
      },
    }) as Db;
    const sizes: number[] = [];
    const read = profileReader(held, (calls) => sizes.push(calls));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const claims = await Promise.all(members.map((m) => app.tokens.claims(m.token)));
    const answers: Promise<unknown>[] = [];
    // Two calls in each of six turns of the event loop.
    for (let i = 0; i < members.length; i += 2) {
      answers.push(read(claims[i]!), read(claims[i + 1]!));
      await turn();
    }
    // Two statements started (one turn's calls each); the other eight calls wait for them.
    expect(sizes).toEqual([2, 2]);
    releases.shift()?.();
    while (sizes.length < 3) await turn();
    expect(sizes).toEqual([2, 2, 8]);
    for (const release of releases) release();
    releases.length = 0;
    const profiles = (await Promise.all(answers)) as string[];
    expect(profiles.map((p) => JSON.parse(p).data.id)).toEqual(members.map((m) => String(m.userId)));
  });
});
