import { randomBytes } from 'node:crypto';
import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import type { LiabilityProofAnswer, LiabilityRoot } from '@minecloud/contract/transparency';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type JobContext, queryRows } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';
import { addDays } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import {
  BUCKET_WIDTH,
  buildTree,
  dayKeyOf,
  LEVELS_ABOVE_BYTES,
  type LevelsOf,
  leafAt,
  leafNode,
  levelsFrom,
  NODE_BYTES,
  positionIn,
  positionsOf,
  proofOf,
  saltOf,
  saltTable,
  stepsIn,
  TILE_WIDTH,
  type Tree,
  tileAt,
  tileLevels,
  tilesForProof,
  tilesOf,
} from './tree.ts';

/**
 * Proof of liabilities (docs/economy.md, "Transparency"): after each day's settlement and pool
 * close, one Merkle-sum tree per asset over every member's balance (available + locked + earnings),
 * read in one statement, so the published total is the ledger's user liabilities at that moment to
 * the atomic unit. Roots and totals are kept for good; the trees (to answer proofs) for
 * PROOF_KEEP_DAYS.
 */
export const PROOF_KEEP_DAYS = 35;
/** Rows per insert statement (a tile is 12 KB, a row of positions 5 KB). */
const ROWS_PER_INSERT = 200;

const saltKeys = new WeakMap<object, string>();

/** The key of the members' salts: generated once, kept in the database, never published. */
async function saltKey(db: Pick<Db, 'insert' | 'select'>): Promise<string> {
  const known = saltKeys.get(db);
  if (known) return known;
  await db
    .insert(serverSecrets)
    .values({ name: 'liabilities', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'liabilities'));
  if (!row) throw new Error('liabilities secret missing after insert');
  saltKeys.set(db, row.value);
  return row.value;
}

type Balances = { user_id: string; gold: string; usdt: string; btc: string };
const COLUMN: Record<Asset, keyof Balances> = { GOLD: 'gold', USDT: 'usdt', BTC: 'btc' };

/**
 * Takes day `period`'s snapshot, in the liabilities job's transaction, which the runner starts only
 * once the day's settlement and pool close are done (jobs/index.ts): the day's output and prize
 * payouts are in the balances.
 */
export async function takeSnapshot({ tx, period, now }: JobContext) {
  const secret = await saltKey(tx);
  // One statement, one snapshot of every member's accounts, in id order (the position rows' buckets).
  const balances = await queryRows<Balances>(
    tx,
    sql`select u.id::text as user_id,
          coalesce(sum(a.balance) filter (where a.asset = 'GOLD'), 0)::text as gold,
          coalesce(sum(a.balance) filter (where a.asset = 'USDT'), 0)::text as usdt,
          coalesce(sum(a.balance) filter (where a.asset = 'BTC'), 0)::text as btc
        from users u left join accounts a on a.user_id = u.id
        group by u.id order by u.id`,
  );
  const userIds = balances.map((b) => b.user_id);
  const dayKey = dayKeyOf(secret, period);
  const published: Record<string, { members: number; total: string; root: string }> = {};
  const insertRows = async (rows: SQL[], into: SQL) => {
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      await tx.execute(sql`insert into ${into} values ${sql.join(rows.slice(from, from + ROWS_PER_INSERT), sql`, `)}`);
    }
  };
  const trees: Tree[] = [];
  for (const asset of ASSETS) {
    const amounts = balances.map((b) => BigInt(b[COLUMN[asset]]));
    const tree = buildTree(userIds, amounts, saltTable(dayKey, asset, userIds));
    trees.push(tree);
    const [snapshot] = await queryRows<{ id: string }>(
      tx,
      sql`insert into liability_snapshots (day, asset, root_hash, total, members, height, taken_at)
          values (${period}, ${asset}, ${tree.root.hash}, ${tree.root.sum.toString()}, ${userIds.length}, ${tree.height}, ${now.toISOString()})
          returning id::text`,
    );
    const id = snapshot?.id as string;
    await insertRows(
      [...tilesOf(tree)].map(
        (t) => sql`(${id}::bigint, ${t.layer}, ${t.index}, decode(${t.nodes.toString('base64')}, 'base64'))`,
      ),
      sql`liability_tiles (snapshot_id, layer, index, nodes)`,
    );
    published[asset] = { members: userIds.length, total: tree.root.sum.toString(), root: tree.root.hash };
  }
  await insertRows(
    [...positionsOf(trees, userIds)].map(
      ([bucket, entries]) => sql`(${period}::date, ${bucket}, decode(${entries.toString('base64')}, 'base64'))`,
    ),
    sql`liability_positions (day, bucket, entries)`,
  );
  // Past the keeping period, a day keeps its roots and totals but no longer answers proofs.
  const pruned = await queryRows<{ id: string }>(
    tx,
    sql`update liability_snapshots set pruned_at = ${now.toISOString()}
        where pruned_at is null and day < ${addDays(period, -PROOF_KEEP_DAYS)}::date returning id::text`,
  );
  if (pruned.length) {
    const ids = `{${pruned.map((p) => p.id).join(',')}}`;
    await tx.execute(sql`delete from liability_tiles where snapshot_id = any(${ids}::bigint[])`);
    await tx.execute(sql`delete from liability_positions where day < ${addDays(period, -PROOF_KEEP_DAYS)}::date`);
  }
  return { ...published, pruned: pruned.length };
}

type SnapshotRow = {
  id: string;
  day: string;
  asset: Asset;
  root_hash: string;
  total: string;
  members: number;
  height: number;
  taken_at: Date | string;
  pruned_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function rootOf(row: SnapshotRow): LiabilityRoot {
  return {
    day: row.day,
    asset: row.asset,
    root: row.root_hash,
    totalUnits: row.total,
    total: formatAmount(BigInt(row.total), row.asset),
    members: row.members,
    takenAt: iso(row.taken_at),
  };
}

const SNAPSHOT_COLUMNS = sql`id::text, day::text, asset, root_hash, total::text, members, height, taken_at, pruned_at`;
/** The same columns of `liability_snapshots s` in a join. */
const SNAPSHOT_COLUMNS_OF_S = sql`s.id::text as id, s.day::text as day, s.asset, s.root_hash, s.total::text as total,
  s.members, s.height, s.taken_at, s.pruned_at`;

/** The published roots of the newest `days` days, newest first, every asset of each day. */
export async function publishedRoots(db: Db, days: number): Promise<LiabilityRoot[]> {
  const rows = await queryRows<SnapshotRow>(
    db,
    sql`select ${SNAPSHOT_COLUMNS} from liability_snapshots
        where day in (select distinct day from liability_snapshots order by day desc limit ${days})
        order by day desc, case asset when 'GOLD' then 0 when 'USDT' then 1 else 2 end`,
  );
  return rows.map(rootOf);
}

/**
 * The levels of the upper tiles (layer ≥ 1) by database and `snapshot:layer:index`: every proof of a
 * day's tree climbs the same few (17 per asset for a million members), and a snapshot's tiles never
 * change (a pruned one answers no proof: its row is read first). Bounded, oldest out first.
 */
const upperLevels = new WeakMap<object, Map<string, readonly Buffer[]>>();
const UPPER_LEVELS_KEPT = 256;

/**
 * Where a proof decodes its tiles and positions and hashes its leaf tile's levels: one area for the
 * process, as a proof uses it only between its last read and its answer (no await in between). A new
 * buffer of that size per proof (about 30 KB, off V8's heap) made V8 run a full collection every hundred
 * proofs or so, a 10 to 20 ms pause for the proof it fell on.
 */
const scratch = Buffer.allocUnsafe(4 * TILE_WIDTH * NODE_BYTES + LEVELS_ABOVE_BYTES);
const LEVELS_AT = 4 * TILE_WIDTH * NODE_BYTES;

/** Base64 decoded into `scratch` from `at` (a new buffer if it would reach the levels' part). */
function decodeAt(text: string, at: number): Buffer {
  if (at + Math.ceil((text.length * 3) / 4) > LEVELS_AT) return Buffer.from(text, 'base64');
  return scratch.subarray(at, at + scratch.write(text, at, 'base64'));
}

/** The member's inclusion proof in one asset's tree of `day` (the newest when absent). */
export async function memberProof(db: Db, userId: number, asset: Asset, day?: string): Promise<LiabilityProofAnswer> {
  // The snapshot and the member's row of positions in one round trip.
  const [snapshot] = await queryRows<SnapshotRow & { entries: string | null }>(
    db,
    sql`select ${SNAPSHOT_COLUMNS_OF_S}, encode(p.entries, 'base64') as entries
        from liability_snapshots s
        left join liability_positions p on p.day = s.day and p.bucket = ${Math.floor(userId / BUCKET_WIDTH)}
        where s.asset = ${asset} ${day ? sql`and s.day = ${day}::date` : sql``}
        order by s.day desc limit 1`,
  );
  if (!snapshot || snapshot.pruned_at) return fail('proofUnavailable');
  const position = snapshot.entries
    ? positionIn(decodeAt(snapshot.entries, 0), userId, ASSETS.indexOf(asset), ASSETS.length)
    : null;
  if (position === null) return fail('proofUnavailable');
  let known = upperLevels.get(db);
  if (!known) {
    known = new Map();
    upperLevels.set(db, known);
  }
  const upperKey = (layer: number, index: number) => `${snapshot.id}:${layer}:${index}`;
  // The upper tiles' levels held now (a concurrent proof may push them out before this one climbs).
  const held = new Map<string, readonly Buffer[]>();
  const wanted = tilesForProof(position, snapshot.height).filter((t) => {
    if (t.layer === 0) return true;
    if (stepsIn(t.layer, snapshot.height) === 0) return false;
    const key = upperKey(t.layer, t.index);
    const levels = known.get(key);
    if (levels) held.set(key, levels);
    return !levels;
  });
  const tiles = await queryRows<{ layer: number; index: number; nodes: string }>(
    db,
    sql`select layer, index, encode(nodes, 'base64') as nodes from liability_tiles
        where snapshot_id = ${snapshot.id}::bigint
          and (layer, index) in (${sql.join(
            wanted.map((t) => sql`(${t.layer}, ${t.index})`),
            sql`, `,
          )})`,
  );
  const secret = await saltKey(db);
  // From here to the answer, no await: the tiles and the leaf tile's levels live in `scratch`.
  let used = 0;
  const tileMap = new Map<string, Buffer>();
  for (const t of tiles) {
    const nodes = decodeAt(t.nodes, used);
    if (nodes.buffer === scratch.buffer) used += nodes.length;
    tileMap.set(`${t.layer}:${t.index}`, nodes);
  }
  const salt = saltOf(dayKeyOf(secret, snapshot.day), asset, String(userId));
  const leaf = leafAt(tileMap, position);
  const amount = leaf.amount;
  // The stored leaf must be this member's: recomputed from their id, amount and salt.
  if (leafNode(String(userId), amount, salt).subarray(0, 32).toString('hex') !== leaf.hash)
    throw new Error(`liability leaf of member ${userId} does not match its position (${snapshot.day} ${asset})`);
  const leafLevels = levelsFrom(tileMap, scratch.subarray(LEVELS_AT));
  const levelsOf: LevelsOf = (layer, index, steps) => {
    if (layer === 0) return leafLevels(layer, index, steps);
    const key = upperKey(layer, index);
    let levels = held.get(key);
    if (!levels) {
      // Kept: its own bytes, not the scratch area's.
      levels = tileLevels(Buffer.from(tileAt(tileMap, layer, index)), steps);
      known.set(key, levels);
      if (known.size > UPPER_LEVELS_KEPT) known.delete(known.keys().next().value as string);
    }
    return levels;
  };
  const proof = proofOf(
    { userId: String(userId), amount, salt, leafIndex: position },
    { rootHash: snapshot.root_hash, total: BigInt(snapshot.total), height: snapshot.height },
    levelsOf,
  );
  return { day: snapshot.day, asset, takenAt: iso(snapshot.taken_at), balance: formatAmount(amount, asset), proof };
}
