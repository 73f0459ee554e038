import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, consoleCall, operatorToken, type TestApp } from '../../test/app.ts';
import { testDbKind } from '../../test/database.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { checkpointJob } from '../jobs/index.ts';
import { runJob } from '../jobs/runner.ts';
import { systemAccount, userAccount } from './accounts.ts';
import { creditFromSystem } from './bulk.ts';
import { checkLedger, checkLedgerSinceCheckpoint, checkStatement, takeCheckpoint } from './check.ts';
import { post } from './journal.ts';

/**
 * The ledger check's checkpoints (docs/operations.md, section 5 "Ledger checkpoints"): the daily
 * job records one only when the check holds; the check from the newest one reads only the transfers
 * after it and still finds what they unbalance; the full check still reads them all.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** `n` new members, each credited 1 USDT from the system in one statement: `n` transfers of history. */
async function history(n: number) {
  const tag = randomUUID();
  const members = sql`select id as user_id from users where address like ${`0x${tag.slice(0, 8)}%`}`;
  await app.db.execute(
    sql`insert into users (address)
        select '0x' || ${tag.slice(0, 8)} || lpad(to_hex(g), 32, '0') from generate_series(1, ${n}::int) g`,
  );
  await app.db.execute(
    sql`with ${creditFromSystem({
      from: 'adjustment',
      to: 'available',
      kind: 'adjustment',
      reference: `test-history:${tag}`,
      keyPrefix: `test-history:${tag}:`,
      legs: sql`select user_id, 'USDT' as asset, 1000000::bigint as amount, user_id::text as leg from (${members}) m`,
    })} select count(*) from moved`,
  );
}

async function newUser(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into users (address) values (${`0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`}) returning id::int`,
  );
  return row?.id as number;
}

/** Credits a member 1 USDT through the ledger: one transfer. */
async function credit(tx: Tx, userId: number): Promise<number> {
  const [id] = await post(tx, {
    asset: 'USDT',
    from: systemAccount('adjustment'),
    to: userAccount(userId),
    amount: 1_000_000n,
    kind: 'adjustment',
    idempotencyKey: `test-credit:${randomUUID()}`,
  });
  return id;
}

const checkpoint = () => app.db.transaction((tx) => takeCheckpoint({ tx, period: 'test', now: new Date() }));

async function newestCheckpoint() {
  const [row] = await queryRows<{ id: number; upto: string; at: string }>(
    app.db,
    sql`select id::int, upto_transfer_id::text as upto, created_at::text as at
        from ledger_checkpoints order by id desc limit 1`,
  );
  if (!row) throw new Error('no checkpoint');
  return { id: row.id, upto: BigInt(row.upto), at: row.at };
}

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** The rows of `transfers` a statement reads as it runs (EXPLAIN ANALYZE): returned or filtered out. */
async function transferRowsRead(statement: SQL): Promise<number> {
  await app.db.execute(sql`analyze transfers`);
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(app.db, sql`explain (analyze, format json) ${statement}`);
  const plan = row?.['QUERY PLAN'];
  const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  const read = (node: PlanNode): number =>
    (node['Relation Name'] === 'transfers'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0) + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
  return read(top.Plan);
}

async function transferCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from transfers`);
  return row?.n as number;
}

describe('the check from the newest checkpoint', () => {
  it('reads only the transfers after the checkpoint, however long the history before it', async () => {
    const member = await newUser();
    const readAfter = async (past: number) => {
      await history(past);
      await checkpoint();
      for (let i = 0; i < 3; i++) await credit(app.db, member);
      return transferRowsRead(checkStatement(await newestCheckpoint()));
    };
    // Three transfers since the checkpoint, read once for their credits and once for their debits,
    // after 1,500 transfers of history and after 4,500: the same.
    expect(await readAfter(1_500)).toBe(6);
    expect(await readAfter(3_000)).toBe(6);
    expect(await transferCount()).toBeGreaterThan(4_500);
    // The full check reads every transfer twice.
    expect(await transferRowsRead(checkStatement(null))).toBeGreaterThanOrEqual(2 * (await transferCount()));

    const since = await checkLedgerSinceCheckpoint(app.db);
    const full = await checkLedger(app.db);
    expect(since).toMatchObject({ ok: true, mismatches: [], assets: full.assets });
    expect(since.from?.uptoTransferId).toBe(Number((await newestCheckpoint()).upto));
    expect(full.from).toBeNull();
  });

  it('finds an imbalance planted in a transfer after the checkpoint, and the job then records none', async () => {
    const member = await newUser();
    await credit(app.db, member);
    await checkpoint();
    const before = await newestCheckpoint();
    // A transfer written behind the ledger: the member's balance does not follow it.
    const plant = (from: string, to: string) =>
      app.db.execute(
        sql`with e as (
              insert into entries (kind, idempotency_key) values ('adjustment', ${`test-plant:${randomUUID()}`})
              returning id, idempotency_key)
            insert into transfers (entry_id, asset, debit_account_id, credit_account_id, amount, kind, idempotency_key)
            select e.id, 'USDT', ${sql.raw(from)}, ${sql.raw(to)}, 1, 'adjustment', e.idempotency_key from e`,
      );
    const system = `(select id from accounts where system = 'adjustment' and asset = 'USDT')`;
    const account = `(select id from accounts where user_id = ${member} and asset = 'USDT' and kind = 'available')`;
    const [row] = await queryRows<{ id: number }>(app.db, sql.raw(`select ${account}::int as id`));
    await plant(system, account);
    try {
      const since = await checkLedgerSinceCheckpoint(app.db);
      expect(since.ok).toBe(false);
      expect(since.from?.checkpointId).toBe(before.id);
      expect(since.mismatches).toEqual([{ accountId: row?.id, asset: 'USDT', balance: '1', transfers: '1.000001' }]);
      await expect(checkpoint()).rejects.toThrow('the ledger does not balance');
      expect((await newestCheckpoint()).id).toBe(before.id);
    } finally {
      // The opposite transfer, behind the ledger too, balances the books again.
      await plant(account, system);
    }
    expect((await checkLedgerSinceCheckpoint(app.db)).ok).toBe(true);
  });

  it('misses by design an imbalance planted in a transfer before the checkpoint, which the full check finds', async () => {
    const member = await newUser();
    const id = await credit(app.db, member);
    await checkpoint();
    expect((await newestCheckpoint()).upto).toBeGreaterThanOrEqual(BigInt(id));
    // Transfers are immutable (migration 0016): only with its trigger off can one be changed.
    const edit = (delta: number) =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`alter table transfers disable trigger transfers_immutable`);
        await tx.execute(sql`update transfers set amount = amount + ${delta}::bigint where id = ${id}`);
        await tx.execute(sql`alter table transfers enable trigger transfers_immutable`);
      });
    await edit(1);
    try {
      const full = await checkLedger(app.db);
      expect(full.ok).toBe(false);
      expect(full.mismatches).toEqual([expect.objectContaining({ balance: '1', transfers: '1.000001' })]);
      expect(await checkLedgerSinceCheckpoint(app.db)).toMatchObject({ ok: true, mismatches: [] });
      // The console's check is the incremental one unless it asks for every transfer.
      const consoleCheck = async (query: string) =>
        (await consoleCall(app, 'GET', `ledger/check${query}`, await operatorToken(app))).body.data;
      expect(await consoleCheck('')).toMatchObject({ ok: true, from: { uptoTransferId: expect.any(Number) } });
      expect(await consoleCheck('?full=true')).toMatchObject({ ok: false, from: null });
    } finally {
      await edit(-1);
    }
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('is recorded by the daily checkpoint job, with the transfers it folded in', async () => {
    const before = await newestCheckpoint();
    const member = await newUser();
    for (let i = 0; i < 4; i++) await credit(app.db, member);
    const now = new Date();
    const outcome = await runJob(app.db, checkpointJob, checkpointJob.periodAt(now, 'Asia/Shanghai'), {
      now,
      trigger: 'test',
    });
    expect(outcome).toMatchObject({ ran: true, result: { transfers: 4 } });
    const after = await newestCheckpoint();
    expect(after.id).toBeGreaterThan(before.id);
    // The flows kept for the checkpoint are every account's transfers up to it, as the full sum says.
    const wrong = await queryRows(
      app.db,
      sql`select a.id from accounts a left join ledger_checkpoint_flows k on k.account_id = a.id
          where coalesce(k.flow, 0) <> coalesce((select sum(amount) from transfers
            where credit_account_id = a.id and id <= ${after.upto.toString()}::bigint), 0)
            - coalesce((select sum(amount) from transfers
            where debit_account_id = a.id and id <= ${after.upto.toString()}::bigint), 0)`,
    );
    expect(wrong).toEqual([]);
  });
});

describe.skipIf(testDbKind() !== 'pg')('a checkpoint taken while transfers are in flight (PostgreSQL)', () => {
  it('holds a transfer that drew a lower id but committed after a higher one', async () => {
    const [early, late] = [await newUser(), await newUser()];
    let commit: () => void = () => {};
    let drawn: (id: number) => void = () => {};
    const idDrawn = new Promise<number>((resolve) => {
      drawn = resolve;
    });
    // A transaction draws a transfer id and stays open; a later transfer draws a higher id and commits.
    const open = app.db.transaction(async (tx) => {
      drawn(await credit(tx, early));
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    const lower = await idDrawn;
    const higher = await credit(app.db, late);
    expect(higher).toBeGreaterThan(lower);

    // The checkpoint waits for the open transaction (only the highest id visible would leave its
    // transfer out for good), and once it commits, holds it.
    let done = false;
    const taken = checkpoint().finally(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !done;
    commit();
    await open;
    const result = await taken;
    expect(BigInt(result.uptoTransferId)).toBeGreaterThanOrEqual(BigInt(higher));
    expect(await checkLedgerSinceCheckpoint(app.db)).toMatchObject({ ok: true, mismatches: [] });
    expect(waited).toBe(true);
  });

  it('fails, recording nothing, when a transaction writing transfers stays open past its wait', async () => {
    const before = await newestCheckpoint();
    const member = await newUser();
    let commit: () => void = () => {};
    let drawn: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      drawn = resolve;
    });
    const open = app.db.transaction(async (tx) => {
      await credit(tx, member);
      drawn();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await started;
    await expect(checkpoint()).rejects.toThrow();
    commit();
    await open;
    expect((await newestCheckpoint()).id).toBe(before.id);
    await checkpoint();
    expect(await checkLedgerSinceCheckpoint(app.db)).toMatchObject({ ok: true, mismatches: [] });
  });
});
