import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { preparedRows, queryRows } from '../db/client.ts';
import { pgErrorOf } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { systemAccount, TRANSFER_KINDS, userAccount } from './accounts.ts';
import { checkLedger } from './check.ts';
import { post } from './journal.ts';

let app: TestApp;
let alice: number;
let bob: number;
let n = 0;
const key = () => `test:${++n}`;

beforeAll(async () => {
  app = await buildTestApp();
  const rows = await app.db
    .insert(users)
    .values([
      { address: '0x00000000000000000000000000000000000000a1' },
      { address: '0x00000000000000000000000000000000000000b2' },
    ])
    .returning({ id: users.id });
  alice = rows[0]!.id;
  bob = rows[1]!.id;
});
afterAll(() => app.close());

async function balance(userId: number, asset = 'USDT', kind = 'available') {
  const r = await queryRows<{ balance: string }>(
    app.db,
    sql`select balance::text from accounts where user_id = ${userId} and asset = ${asset} and kind = ${kind}`,
  );
  return BigInt(r[0]?.balance ?? '0');
}

describe('transfer', () => {
  it('credits a user from a system account, which may go negative', async () => {
    await post(app.db, {
      asset: 'USDT',
      from: systemAccount('adjustment'),
      to: userAccount(alice),
      amount: 5_000_000n,
      kind: 'adjustment',
      idempotencyKey: key(),
    });
    expect(await balance(alice)).toBe(5_000_000n);
    const check = await checkLedger(app.db);
    expect(check).toMatchObject({ ok: true, mismatches: [] });
    expect(check.assets.find((a) => a.asset === 'USDT')?.sum).toBe('0');
  });

  it('moves between users and refuses to overdraw, moving nothing', async () => {
    await post(app.db, {
      asset: 'USDT',
      from: userAccount(alice),
      to: userAccount(bob),
      amount: 2_000_000n,
      kind: 'gift',
      idempotencyKey: key(),
    });
    expect(await balance(alice)).toBe(3_000_000n);
    expect(await balance(bob)).toBe(2_000_000n);
    await expect(
      post(app.db, {
        asset: 'USDT',
        from: userAccount(alice),
        to: userAccount(bob),
        amount: 3_000_001n,
        kind: 'gift',
        idempotencyKey: key(),
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await balance(alice)).toBe(3_000_000n);
    expect(await balance(bob)).toBe(2_000_000n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('refuses a reused transfer key inside a transaction, rolling the whole transaction back', async () => {
    const reused = key();
    await expect(
      app.db.transaction(async (tx) => {
        await post(tx, {
          asset: 'USDT',
          from: userAccount(bob),
          to: userAccount(alice),
          amount: 1n,
          kind: 'gift',
          idempotencyKey: reused,
        });
        await post(tx, {
          asset: 'USDT',
          from: userAccount(bob),
          to: userAccount(alice),
          amount: 1n,
          kind: 'gift',
          idempotencyKey: reused,
        });
      }),
    ).rejects.toThrow();
    expect(await balance(bob)).toBe(2_000_000n);
  });

  it('finds a balance row edited behind the ledger', async () => {
    await app.db.execute(sql`update accounts set balance = balance + 1 where user_id = ${bob} and asset = 'USDT'`);
    const check = await checkLedger(app.db);
    expect(check.ok).toBe(false);
    expect(check.mismatches).toEqual([expect.objectContaining({ asset: 'USDT', balance: '2.000001', transfers: '2' })]);
    expect(check.assets.find((a) => a.asset === 'USDT')?.sum).toBe('0.000001');
    await app.db.execute(sql`update accounts set balance = balance - 1 where user_id = ${bob} and asset = 'USDT'`);
  });
});

describe('the transfers table', () => {
  const refusal = (statement: ReturnType<typeof sql>) =>
    app.db.execute(statement).then(
      () => 'accepted',
      (error: unknown) => pgErrorOf(error) ?? error,
    );

  it('refuses to change, delete or empty transfers, whoever asks', async () => {
    const [id] = await post(app.db, {
      asset: 'USDT',
      from: systemAccount('adjustment'),
      to: userAccount(bob),
      amount: 1n,
      kind: 'adjustment',
      idempotencyKey: key(),
    });
    const before = await queryRows(app.db, sql`select * from transfers where id = ${id}`);
    // P0001: raise_exception, from the transfers_immutable trigger.
    expect(await refusal(sql`update transfers set amount = amount + 1 where id = ${id}`)).toMatchObject({
      code: 'P0001',
    });
    expect(await refusal(sql`delete from transfers where id = ${id}`)).toMatchObject({ code: 'P0001' });
    expect(await refusal(sql`truncate transfers cascade`)).toMatchObject({ code: 'P0001' });
    expect(await queryRows(app.db, sql`select * from transfers where id = ${id}`)).toEqual(before);
  });

  it('refuses a transfer of a kind the ledger does not know', async () => {
    const [treasury] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from accounts where system = 'treasury' and asset = 'USDT'`,
    );
    const [adjustment] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from accounts where system = 'adjustment' and asset = 'USDT'`,
    );
    const insert = (kind: string) =>
      sql`with e as (insert into entries (kind, idempotency_key) values ('adjustment', ${key()}) returning id)
          insert into transfers (entry_id, asset, debit_account_id, credit_account_id, amount, kind, idempotency_key)
          select e.id, 'USDT', ${adjustment!.id}, ${treasury!.id}, 1, ${kind}, ${key()} from e`;
    // 23514: check_violation.
    expect(await refusal(insert('bonus'))).toMatchObject({ code: '23514' });
    expect(await refusal(insert('adjustment'))).toBe('accepted');
  });

  // The kinds are declared once, in the contract (contract/kinds.ts); a kind added there or in a
  // migration alone fails here.
  it('knows exactly the kinds of TRANSFER_KINDS, for transfers and for entries', async () => {
    for (const constraint of ['transfers_kind_known', 'entries_kind_known']) {
      const [check] = await queryRows<{ definition: string }>(
        app.db,
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${constraint}`,
      );
      const kinds = [...(check?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect(kinds.sort(), constraint).toEqual([...TRANSFER_KINDS].sort());
    }
  });
});

describe('prepared statements', () => {
  it('binds new values on every run of a named statement, also inside a transaction', async () => {
    const twice = (n: number) => preparedRows<{ v: number }>(app.db, 'test:twice', sql`select (${n}::int * 2) as v`);
    expect(await twice(2)).toEqual([{ v: 4 }]);
    expect(await twice(21)).toEqual([{ v: 42 }]);
    const inside = await app.db.transaction((tx) =>
      preparedRows<{ v: number }>(tx, 'test:twice', sql`select (${5}::int * 2) as v`),
    );
    expect(inside).toEqual([{ v: 10 }]);
  });

  it('refuses one name for two texts', async () => {
    await preparedRows(app.db, 'test:one-text', sql`select 1 as v`);
    await expect(preparedRows(app.db, 'test:one-text', sql`select 2 as v`)).rejects.toThrow(/two different texts/);
  });
});
