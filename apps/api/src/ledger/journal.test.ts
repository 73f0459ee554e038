import type { Asset } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { migrateAllBut, onEmptyDatabase } from '../../test/database.ts';
import { codeMigrations, queryRows, type Tx } from '../db/client.ts';
import { pgErrorOf } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { recordsOf } from '../modules/asset/service.ts';
import type { AuthorizedUserId } from '../modules/auth/tokens.ts';
import { systemAccount, userAccount } from './accounts.ts';
import { checkLedger, checkLedgerSinceCheckpoint } from './check.ts';
import { ensureSystemAccounts, post } from './journal.ts';

let app: TestApp;
let alice: number;
let n = 0;
const key = () => `journal-test:${++n}`;

beforeAll(async () => {
  app = await buildTestApp();
  const [row] = await app.db
    .insert(users)
    .values({ address: '0x00000000000000000000000000000000000000c3' })
    .returning({ id: users.id });
  alice = row!.id;
  await post(app.db, {
    asset: 'USDT',
    from: systemAccount('adjustment'),
    to: userAccount(alice),
    amount: 10_000_000n,
    kind: 'adjustment',
    idempotencyKey: key(),
  });
});
afterAll(() => app.close());

const balance = async (userId: number, asset: Asset) => {
  const [row] = await queryRows<{ balance: string }>(
    app.db,
    sql`select balance::text from accounts where user_id = ${userId} and asset = ${asset} and kind = 'available'`,
  );
  return BigInt(row?.balance ?? '0');
};

/** An exchange of one member's USDT for gold: one entry, two legs in two assets. */
const exchange = (usdt: bigint, gold: bigint, idempotencyKey = key()) => ({
  kind: 'topup' as const,
  idempotencyKey,
  reference: 'journal-test',
  legs: [
    { asset: 'USDT' as const, from: userAccount(alice), to: systemAccount('treasury'), amount: usdt },
    { asset: 'GOLD' as const, from: systemAccount('treasury'), to: userAccount(alice), amount: gold },
  ],
});

/** The id of a system account of `asset`, as a subquery (read by the statement that uses it). */
const accountIdOf = (system: string, asset: Asset) =>
  sql`(select id from accounts where system = ${system} and asset = ${asset})`;

describe('post', () => {
  it('writes one entry and its legs in one statement, the legs carrying its id', async () => {
    const entryKey = key();
    const ids = await post(app.db, exchange(2_000_000n, 200n, entryKey));
    expect(ids).toHaveLength(2);
    const legs = await queryRows<{
      id: string;
      entry_id: string;
      asset: string;
      kind: string;
      idempotency_key: string;
    }>(
      app.db,
      sql`select t.id::text, t.entry_id::text, t.asset, t.kind, t.idempotency_key from transfers t
          join entries e on e.id = t.entry_id where e.idempotency_key = ${entryKey} order by t.id`,
    );
    expect(legs.map((leg) => [Number(leg.id), leg.asset, leg.kind, leg.idempotency_key])).toEqual([
      [ids[0], 'USDT', 'topup', `${entryKey}:0`],
      [ids[1], 'GOLD', 'topup', `${entryKey}:1`],
    ]);
    expect(new Set(legs.map((leg) => leg.entry_id)).size).toBe(1);
    expect(await balance(alice, 'USDT')).toBe(8_000_000n);
    expect(await balance(alice, 'GOLD')).toBe(200n);
    expect(await checkLedger(app.db)).toMatchObject({ ok: true, mismatches: [], unbalancedEntries: [] });
  });

  it('moves nothing of an entry whose member debit is not covered', async () => {
    const entryKey = key();
    await expect(post(app.db, exchange(8_000_001n, 1n, entryKey))).rejects.toBeInstanceOf(AppError);
    expect(await balance(alice, 'USDT')).toBe(8_000_000n);
    expect(await balance(alice, 'GOLD')).toBe(200n);
    const written = await queryRows(app.db, sql`select 1 from entries where idempotency_key = ${entryKey}`);
    expect(written).toEqual([]);
  });

  it('refuses an entry of the wrong shape before it reaches the database', async () => {
    const twice = { ...exchange(1n, 1n), legs: [...exchange(1n, 1n).legs, exchange(1n, 1n).legs[1]!] };
    await expect(post(app.db, twice)).rejects.toThrow(/credits a member account twice/);
    await expect(post(app.db, { ...exchange(1n, 1n), legs: [] })).rejects.toThrow(/no leg/);
  });
});

describe('an entry whose legs do not sum to zero', () => {
  /** A leg of `asset` from the adjustment account of one asset to the treasury of another. */
  const plant = (tx: Tx, asset: Asset, debitAsset: Asset, creditAsset: Asset, entryKey: string) =>
    tx.execute(
      sql`with e as (insert into entries (kind, idempotency_key) values ('adjustment', ${entryKey}) returning id)
          insert into transfers (entry_id, asset, debit_account_id, credit_account_id, amount, kind, idempotency_key)
          select e.id, ${asset}, ${accountIdOf('adjustment', debitAsset)}, ${accountIdOf('treasury', creditAsset)}, 1,
            'adjustment', ${entryKey} from e`,
    );

  it('is refused by the database: a leg moves one asset between accounts that hold it', async () => {
    for (const [asset, debitAsset, creditAsset] of [
      ['USDT', 'USDT', 'GOLD'],
      ['USDT', 'GOLD', 'USDT'],
      ['BTC', 'USDT', 'USDT'],
    ] as const) {
      const refused = await plant(app.db, asset, debitAsset, creditAsset, key()).then(
        () => 'accepted',
        (error: unknown) => pgErrorOf(error)?.code,
      );
      // 23503: foreign_key_violation, on the leg's (account, asset).
      expect(refused, `${asset} from ${debitAsset} to ${creditAsset}`).toBe('23503');
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('is found by the ledger check when planted by hand behind the database', async () => {
    const entryKey = key();
    // Only with the database's triggers off (foreign keys included) can such a leg be written.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await plant(tx, 'USDT', 'USDT', 'GOLD', entryKey);
    });
    const [planted] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from entries where idempotency_key = ${entryKey}`,
    );
    const entryId = Number(planted!.id);
    try {
      for (const check of [await checkLedger(app.db), await checkLedgerSinceCheckpoint(app.db)]) {
        expect(check.ok).toBe(false);
        expect(check.mismatches).toEqual([]);
        expect(check.unbalancedEntries).toEqual([
          { entryId, asset: 'GOLD', sum: '0.01' },
          { entryId, asset: 'USDT', sum: '-0.000001' },
        ]);
      }
    } finally {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from transfers where entry_id = ${entryId}`);
        await tx.execute(sql`delete from entries where id = ${entryId}`);
      });
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('migration 0045', () => {
  it('makes every transfer written before it an entry, with every balance and record unchanged', () =>
    onEmptyDatabase(async (empty) => {
      const database = await empty.open();
      try {
        // Every migration from 0045 on is left for later: the ledger below is written the old way.
        const since = codeMigrations().map((migration) => migration.tag);
        const later = since.slice(since.indexOf('0045_journal'));
        expect(await migrateAllBut(database, later.length)).toEqual(later);
        const db = database.db;
        await ensureSystemAccounts(db);
        const members = await db
          .insert(users)
          .values([
            { address: '0x00000000000000000000000000000000000000d4' },
            { address: '0x00000000000000000000000000000000000000e5' },
          ])
          .returning({ id: users.id });
        const [a, b] = members.map((m) => m.id as AuthorizedUserId) as [AuthorizedUserId, AuthorizedUserId];
        // The ledger's statements as they were before the journal: balance rows and transfers.
        const credit = (userId: number, asset: Asset, amount: number, kind: string, legKey: string) =>
          db.execute(sql`with c as (
              insert into accounts (user_id, asset, kind, balance) values (${userId}, ${asset}, 'available', ${amount})
              on conflict on constraint accounts_owner_asset_kind do update set balance = accounts.balance + excluded.balance
              returning id)
            insert into transfers (asset, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
            select ${asset}, (select id from accounts where system = 'adjustment' and asset = ${asset}), c.id, ${amount},
              ${kind}, ${`ref:${legKey}`}, ${legKey} from c`);
        const gift = (from: number, to: number, amount: number, legKey: string) =>
          db.execute(sql`with d as (
              update accounts set balance = balance - ${amount} where user_id = ${from} and asset = 'USDT' and kind = 'available'
              returning id),
            c as (insert into accounts (user_id, asset, kind, balance) values (${to}, 'USDT', 'available', ${amount})
              on conflict on constraint accounts_owner_asset_kind do update set balance = accounts.balance + excluded.balance
              returning id)
            insert into transfers (asset, debit_account_id, credit_account_id, amount, kind, idempotency_key)
            select 'USDT', d.id, c.id, ${amount}, 'gift', ${legKey} from d, c`);
        await credit(a, 'USDT', 5_000_000, 'adjustment', 'old:1');
        await credit(a, 'GOLD', 300, 'adjustment', 'old:2');
        await gift(a, b, 1_500_000, 'old:3');
        await credit(b, 'BTC', 7, 'mining_output', 'old:4');
        await gift(b, a, 500_000, 'old:5');

        const page = { pageNo: 1, pageSize: 20 };
        const seen = async () => ({
          transfers: await queryRows(
            db,
            sql`select id, asset, debit_account_id, credit_account_id, amount::text, kind, reference, idempotency_key,
                  created_at::text from transfers order by id`,
          ),
          accounts: await queryRows(
            db,
            sql`select id, user_id, system, asset, kind, balance::text from accounts order by id`,
          ),
          records: await Promise.all(
            [a, b].flatMap((member) =>
              (['USDT', 'GOLD', 'BTC'] as const).map((asset) => recordsOf(db, member, asset, page)),
            ),
          ),
        });
        const before = await seen();
        expect(before.transfers).toHaveLength(5);

        expect(await database.migrate()).toEqual(later);
        expect(await seen()).toEqual(before);
        const entries = await queryRows(
          db,
          sql`select e.id, e.kind, e.reference, e.idempotency_key, e.created_at::text from entries e order by e.id`,
        );
        const legs = await queryRows(
          db,
          sql`select t.entry_id as id, t.kind, t.reference, t.idempotency_key, t.created_at::text from transfers t order by t.id`,
        );
        expect(entries).toEqual(legs);
        expect(await checkLedger(db)).toMatchObject({ ok: true, mismatches: [], unbalancedEntries: [] });

        // New entries follow the old ones, and the old ones stay as immutable as their legs.
        const [id] = await post(db, {
          asset: 'USDT',
          from: userAccount(a),
          to: userAccount(b),
          amount: 1n,
          kind: 'gift',
          idempotencyKey: 'new:1',
        });
        const [newest] = await queryRows<{ entry_id: string }>(
          db,
          sql`select entry_id::text from transfers where id = ${id}`,
        );
        expect(Number(newest!.entry_id)).toBeGreaterThan(5);
        const edit = await db.execute(sql`update entries set kind = 'gift' where id = 1`).then(
          () => 'accepted',
          (error: unknown) => pgErrorOf(error)?.code,
        );
        expect(edit).toBe('P0001');
      } finally {
        await database.close();
      }
    }));
});
