import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { type SQL, sql } from 'drizzle-orm';
import { isoTime, type JobContext, queryRows, type Tx, type TxDb } from '../db/client.ts';

export type LedgerCheck = {
  ok: boolean;
  assets: { asset: Asset; sum: string }[];
  mismatches: { accountId: number; asset: Asset; balance: string; transfers: string }[];
  /** Entries whose legs do not sum to zero in an asset (at most 100): what their legs add up to. */
  unbalancedEntries: { entryId: number; asset: Asset; sum: string }[];
  /** The checkpoint the check started from (it read only the transfers after it); null: every transfer. */
  from: { checkpointId: number; uptoTransferId: number; at: string } | null;
};

/** A verified checkpoint (ledger_checkpoints); its flows are the rows of ledger_checkpoint_flows. */
type Checkpoint = { id: number; upto: bigint; at: string };

/** The transfers whose id is above `after`, and at most `upto` when given, on the primary key. */
function rangeOf(after: bigint, upto?: bigint): SQL {
  return upto === undefined
    ? sql`id > ${after.toString()}::bigint`
    : sql`id > ${after.toString()}::bigint and id <= ${upto.toString()}::bigint`;
}

/**
 * The postings of the transfers in `range`: each leg as a credit (+amount) to one account and a
 * debit (-amount) to the other, with its entry (`entry_id`, `account_id`, `amount`). Only those
 * transfers are read, however many came before (checkpoints.test.ts counts them with EXPLAIN).
 */
function postingsIn(range: SQL): SQL {
  return sql`select entry_id, credit_account_id as account_id, amount from transfers where ${range}
      union all
      select entry_id, debit_account_id, -amount from transfers where ${range}`;
}

/** Per account (`account_id`), the credits less debits (`amount`) of the transfers in `rangeOf(after, upto)`. */
function flowsAfter(after: bigint, upto?: bigint): SQL {
  return sql`select account_id, sum(amount) as amount from (${postingsIn(rangeOf(after, upto))}) moves group by account_id`;
}

/**
 * The ledger's invariant as one statement: per asset, user balances plus system balances sum to
 * zero; every user balance row equals the sum of its own transfers, where an account's transfers
 * sum to its flow kept at checkpoint `from` plus the flows of the transfers after it (all of them
 * when `from` is null); and the legs of each entry written after it sum to zero per asset, the
 * asset being the one each account holds (docs/architecture.md, "The journal"). Rows of `what`
 * `asset` are the sums per asset; `account`, at most 100 mismatched accounts (`id`); `entry`, at most
 * 100 unbalanced entries (`id`, with the sum of their legs in `balance`). Each row also says the
 * newest checkpoint in the statement's snapshot (`newest`): the kept flows it read are that
 * checkpoint's. Exported for checkpoints.test.ts, which counts the transfers it reads.
 */
export function checkStatement(from: Checkpoint | null): SQL {
  const kept = from ? sql`left join ledger_checkpoint_flows k on k.account_id = a.id` : sql``;
  const keptFlow = from ? sql`coalesce(k.flow, 0)` : sql`0`;
  return sql`
    with postings as materialized (${postingsIn(rangeOf(from?.upto ?? 0n))}),
    moves as materialized (select account_id, sum(amount) as amount from postings group by account_id),
    derived as materialized (
      select a.id, a.asset, a.user_id is not null as member, a.balance,
        ${keptFlow} + coalesce(m.amount, 0) as flow
      from accounts a ${kept} left join moves m on m.account_id = a.id),
    newest as (select coalesce(max(id), 0)::int as newest from ledger_checkpoints)
    select 'asset' as what, null::text as id, asset,
      (coalesce(sum(balance) filter (where member), 0)
       + coalesce(sum(flow) filter (where not member), 0))::text as balance,
      null::text as flow, (select newest from newest) as newest
    from derived group by asset
    union all
    (select 'account', id::text, asset, balance::text, flow::text, (select newest from newest) from derived
     where member and balance <> flow order by derived.id limit 100)
    union all
    (select 'entry', p.entry_id::text, a.asset, sum(p.amount)::text, null, (select newest from newest)
     from postings p join accounts a on a.id = p.account_id
     group by p.entry_id, a.asset having sum(p.amount) <> 0 order by p.entry_id, a.asset limit 100)`;
}

/** A check that read the flows of a checkpoint newer than the one it started from: not an answer. */
class Overtaken extends Error {}

async function checkFrom(tx: Tx, from: Checkpoint | null): Promise<LedgerCheck> {
  const rows = await queryRows<{
    what: 'asset' | 'account' | 'entry';
    id: string | null;
    asset: Asset;
    balance: string;
    flow: string | null;
    newest: number;
  }>(tx, checkStatement(from));
  if (from && rows.some((r) => r.newest !== from.id)) throw new Overtaken();
  const byAsset = new Map(rows.filter((r) => r.what === 'asset').map((r) => [r.asset, BigInt(r.balance)]));
  const assets = ASSETS.map((asset) => ({ asset, sum: formatAmount(byAsset.get(asset) ?? 0n, asset) }));
  const mismatches = rows
    .filter((r) => r.what === 'account')
    .map((r) => ({
      accountId: Number(r.id),
      asset: r.asset,
      balance: formatAmount(BigInt(r.balance), r.asset),
      transfers: formatAmount(BigInt(r.flow as string), r.asset),
    }));
  const unbalancedEntries = rows
    .filter((r) => r.what === 'entry')
    .map((r) => ({ entryId: Number(r.id), asset: r.asset, sum: formatAmount(BigInt(r.balance), r.asset) }));
  const ok =
    mismatches.length === 0 &&
    unbalancedEntries.length === 0 &&
    ASSETS.every((asset) => (byAsset.get(asset) ?? 0n) === 0n);
  const start = from && { checkpointId: from.id, uptoTransferId: Number(from.upto), at: from.at };
  return { ok, assets, mismatches, unbalancedEntries, from: start };
}

async function newestCheckpoint(tx: Tx): Promise<Checkpoint | null> {
  const [row] = await queryRows<{ id: number; upto: string; at: string }>(
    tx,
    sql`select id::int, upto_transfer_id::text as upto, created_at::text as at
        from ledger_checkpoints order by id desc limit 1`,
  );
  return row ? { id: row.id, upto: BigInt(row.upto), at: isoTime(row.at) as string } : null;
}

/**
 * The full check: every transfer, read twice (credits and debits). Its time grows with the ledger's
 * history; `npm run ledger:check -- --full` runs it, and the tests, which want every transfer seen.
 */
export async function checkLedger(tx: Tx): Promise<LedgerCheck> {
  return checkFrom(tx, null);
}

/**
 * The check from the newest checkpoint: its flows per account plus the transfers after it, so its
 * time grows with the transfers of the last day and the number of accounts, not with history. A
 * transfer at or below the checkpoint that was changed behind the ledger's back (migration 0016
 * forbids it) is not seen here: the full check sees it. Without a checkpoint yet, it is the full
 * check. The checkpoint is read first, so that its bound is a value the planner sees (it then reads
 * the transfers after it by the primary key); the check's own statement says which checkpoint's
 * flows it read, and in the rare case a new checkpoint was recorded in between, it starts again.
 */
export async function checkLedgerSinceCheckpoint(db: Tx): Promise<LedgerCheck> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await checkFrom(db, await newestCheckpoint(db));
    } catch (error) {
      if (!(error instanceof Overtaken) || tries >= 3) throw error;
    }
  }
}

/** How long the checkpoint waits for the transactions writing transfers when it asks (below). */
const LOCK_WAIT_MS = 2_000;

class Release extends Error {}

/**
 * The checkpoint's upper bound: a transfer id at or below which every transfer has committed and
 * none can commit later. The highest id a snapshot sees is not one: ids are drawn when a transfer is
 * inserted but become visible when its transaction commits, so a transaction that drew 7 may commit
 * after another drew 8 and committed. The rule: transfer ids are drawn only by an INSERT into
 * transfers (identity, GENERATED ALWAYS), and an INSERT holds ROW EXCLUSIVE on the table from before
 * it draws its id until its transaction ends. SHARE conflicts with ROW EXCLUSIVE, so once it is
 * granted no transaction that drew an id is still open: each committed, or rolled back and its id
 * is never used; every later INSERT draws a higher id. The highest id read under that lock is the
 * bound. The lock is taken in a savepoint and released by rolling back to it: money calls wait only
 * while it waits for the transactions in flight (at most LOCK_WAIT_MS; past that the run fails and
 * is tried again), not while the checkpoint is checked and written.
 */
async function finishedTransferId(tx: TxDb): Promise<bigint> {
  let upto = 0n;
  try {
    await tx.transaction(async (held) => {
      await held.execute(sql.raw(`set local lock_timeout = ${LOCK_WAIT_MS}`));
      await held.execute(sql`lock table transfers in share mode`);
      const [row] = await queryRows<{ id: string }>(held, sql`select coalesce(max(id), 0)::text as id from transfers`);
      upto = BigInt(row?.id ?? '0');
      throw new Release();
    });
  } catch (error) {
    if (!(error instanceof Release)) throw error;
  }
  return upto;
}

/**
 * The daily `checkpoint` job (docs/operations.md, section 5 "Ledger checkpoints"): the bound of
 * `finishedTransferId`, then the check from the newest checkpoint at this point, and only if it
 * holds, a new checkpoint at the bound: the previous one's flows moved forward by the transfers
 * between the two, so writing it reads only those transfers, as the check does. The check's snapshot
 * is taken after the bound, so it saw every transfer the new checkpoint holds. An unbalanced ledger
 * fails the run (and its retries), recording nothing: the newest checkpoint stays the last good one.
 * Only this job writes checkpoints, one run at a time (the runner's lock).
 */
export async function takeCheckpoint({ tx }: JobContext) {
  const bound = await finishedTransferId(tx);
  const from = await newestCheckpoint(tx);
  const after = from?.upto ?? 0n;
  const upto = bound > after ? bound : after;
  const check = await checkFrom(tx, from);
  if (!check.ok) {
    const sums = check.assets.map((a) => `${a.asset} ${a.sum}`).join(', ');
    throw new Error(
      `the ledger does not balance: ${check.mismatches.length} account(s) differ, ${check.unbalancedEntries.length} entr(ies) unbalanced; sums ${sums}`,
    );
  }
  const [folded] = await queryRows<{ transfers: number; accounts: number }>(
    tx,
    sql`with moves as (${flowsAfter(after, upto)}),
      kept as (
        insert into ledger_checkpoint_flows (account_id, flow)
        select account_id, amount from moves order by account_id
        on conflict (account_id) do update set flow = ledger_checkpoint_flows.flow + excluded.flow
        returning 1)
      select (select count(*)::int from kept) as accounts,
        (select count(*)::int from transfers
         where id > ${after.toString()}::bigint and id <= ${upto.toString()}::bigint) as transfers`,
  );
  const transfers = folded?.transfers ?? 0;
  const [made] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ledger_checkpoints (upto_transfer_id, transfers)
        values (${upto.toString()}::bigint, ${transfers}) returning id::int`,
  );
  return { checkpointId: made?.id, uptoTransferId: upto.toString(), transfers, accounts: folded?.accounts ?? 0 };
}
