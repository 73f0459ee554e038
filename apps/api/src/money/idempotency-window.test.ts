import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { type Member, newMember } from '../../test/money.ts';
import { queryRows } from '../db/client.ts';
import { setSetting } from '../modules/config/settings.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

/**
 * The replay window of Idempotency-Keys (docs/operations.md, section 5 "Idempotency keys"): the daily
 * `idempotency` job forgets the keys older than `idempotency.replayDays`.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' });
});
afterAll(() => app.close());

async function keyKept(member: Member, key: string): Promise<boolean> {
  const rows = await queryRows(
    app.db,
    sql`select 1 from idempotency_keys where user_id = ${member.userId} and key = ${key}`,
  );
  return rows.length === 1;
}

const prune = (now: Date, batch?: number) =>
  app.db.transaction((tx) => pruneIdempotencyKeys({ tx, period: 'test', now }, batch));

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
