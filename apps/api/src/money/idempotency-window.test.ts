import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { fund, type Member, newMember, post, unitsOf } from '../../test/money.ts';
import { queryRows } from '../db/client.ts';
import { idempotencyJob } from '../jobs/index.ts';
import { runJob } from '../jobs/runner.ts';
import { checkLedger } from '../ledger/check.ts';
import { setSetting } from '../modules/config/settings.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

/**
 * The replay window of Idempotency-Keys (docs/operations.md, section 5 "Idempotency keys"): a repeat
 * within `idempotency.replayDays` answers the first result; the daily `idempotency` job forgets older
 * keys, and a repeat after that is a new call, on both money paths (one statement for a gift,
 * oncePerKey's transaction for a top-up).
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' });
});
afterAll(() => app.close());

/** Moves a key's row `days` into the past, as if its call had been made then. */
async function age(member: Member, key: string, days: number) {
  await app.db.execute(
    sql`update idempotency_keys set created_at = created_at - make_interval(days => ${days}::int)
        where user_id = ${member.userId} and key = ${key}`,
  );
}

async function keyKept(member: Member, key: string): Promise<boolean> {
  const rows = await queryRows(
    app.db,
    sql`select 1 from idempotency_keys where user_id = ${member.userId} and key = ${key}`,
  );
  return rows.length === 1;
}

/** The daily job's run of the day before `now`, as the scheduler would start it. */
async function runPrune(now: Date) {
  const period = idempotencyJob.periodAt(now, 'Asia/Shanghai');
  const outcome = await runJob(app.db, idempotencyJob, period, { now, trigger: 'test' });
  expect(outcome.ran).toBe(true);
  return outcome.ran ? outcome.result : {};
}

const prune = (now: Date, batch?: number) =>
  app.db.transaction((tx) => pruneIdempotencyKeys({ tx, period: 'test', now }, batch));

describe('the replay window', () => {
  it('replays a gift repeated inside the window; after the daily job forgot the key, a repeat is a new gift', async () => {
    const [a, b] = [await newMember(app), await newMember(app)];
    await fund(app, a.userId, 'GOLD', '10');
    const key = randomUUID();
    const gift = { toUserId: String(b.userId), asset: 'GOLD', amount: '1' };
    const first = await post(app, a, 'asset/send', gift, key);
    expect(first.body.code).toBe(0);

    // Six days on, the job keeps the key: the repeat answers the first transfer and moves nothing.
    await age(a, key, 6);
    expect(await runPrune(new Date())).toMatchObject({ replayDays: 7 });
    expect(await keyKept(a, key)).toBe(true);
    const replay = await post(app, a, 'asset/send', gift, key);
    expect(replay.body).toMatchObject({ code: 0, data: { transferId: first.body.data.transferId } });
    expect(await unitsOf(app, a.userId, 'GOLD')).toBe(900n);
    expect(await unitsOf(app, b.userId, 'GOLD')).toBe(100n);

    // Eight days on, the job forgets it: the same key is a new gift, remembered in its turn.
    await age(a, key, 2);
    expect((await prune(new Date())).pruned).toBeGreaterThanOrEqual(1);
    expect(await keyKept(a, key)).toBe(false);
    const again = await post(app, a, 'asset/send', gift, key);
    expect(again.body.code).toBe(0);
    expect(again.body.data.transferId).not.toBe(first.body.data.transferId);
    expect(await unitsOf(app, a.userId, 'GOLD')).toBe(800n);
    expect(await unitsOf(app, b.userId, 'GOLD')).toBe(200n);
    expect((await post(app, a, 'asset/send', gift, key)).body.data).toEqual(again.body.data);
    expect(await unitsOf(app, a.userId, 'GOLD')).toBe(800n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('does the same for a call of several transfers in one transaction (a top-up)', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '10');
    const key = randomUUID();
    expect((await post(app, m, 'asset/topup', { amountUsdt: '1' }, key)).body.code).toBe(0);
    await age(m, key, 6);
    await prune(new Date());
    expect((await post(app, m, 'asset/topup', { amountUsdt: '1' }, key)).body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(9_000_000n);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(10_000n);

    await age(m, key, 2);
    await prune(new Date());
    expect(await keyKept(m, key)).toBe(false);
    expect((await post(app, m, 'asset/topup', { amountUsdt: '1' }, key)).body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(8_000_000n);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(20_000n);
    expect((await post(app, m, 'asset/topup', { amountUsdt: '1' }, key)).body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(8_000_000n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('the prune', () => {
  /** `n` key rows of a member, each `days` old. */
  async function keys(member: Member, n: number, days: number): Promise<string[]> {
    const made = Array.from({ length: n }, () => randomUUID());
    for (const key of made) {
      await app.db.execute(
        sql`insert into idempotency_keys (user_id, key, request_hash, answer, created_at)
            values (${member.userId}, ${key}, 'hash', '{}'::jsonb, now() - make_interval(days => ${days}::int))`,
      );
    }
    return made;
  }

  it('deletes only keys older than the window, a bounded batch per statement', async () => {
    const m = await newMember(app);
    await prune(new Date());
    const old = await keys(m, 5, 8);
    const recent = await keys(m, 2, 6);
    expect(await prune(new Date(), 2)).toMatchObject({ pruned: 5, statements: 3 });
    for (const key of old) expect(await keyKept(m, key)).toBe(false);
    for (const key of recent) expect(await keyKept(m, key)).toBe(true);
  });

  it('follows idempotency.replayDays', async () => {
    const m = await newMember(app);
    const [three] = await keys(m, 1, 3);
    await prune(new Date());
    expect(await keyKept(m, three as string)).toBe(true);
    await setSetting(app.db, 'idempotency.replayDays', 2, 'test', { effectiveAt: new Date(0) });
    expect((await prune(new Date())).replayDays).toBe(2);
    expect(await keyKept(m, three as string)).toBe(false);
  });
});
