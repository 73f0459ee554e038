import {
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Proof of liabilities (docs/economy.md, "Transparency"): one Merkle-sum tree per asset and
 * settlement day, over every member's balance (available + locked + earnings). The root and total
 * are published and kept for good; the tree itself (tiles and leaves below) is kept for
 * `PROOF_KEEP_DAYS`.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day').notNull(),
    asset: text('asset').notNull(),
    rootHash: text('root_hash').notNull(),
    /** The root's sum, in atomic units: equal to the members' balances when it was taken. */
    total: numeric('total', { precision: 39, scale: 0 }).notNull(),
    members: integer('members').notNull(),
    /** Levels above the leaves (0 for a tree of one leaf). */
    height: integer('height').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** Set when the tree's tiles and leaves were dropped (past the keeping period). */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    unique('liability_snapshots_day_asset').on(t.day, t.asset),
    index('liability_snapshots_asset_day_idx').on(t.asset, t.day),
  ],
);

/**
 * The tree in tiles: tile `index` of `layer` holds up to 256 consecutive nodes of level 8 × layer
 * (48 bytes each: hash, then the sum as 16 bytes big-endian); the 7 levels above them inside the
 * tile are recomputed when a proof is asked for.
 */
export const liabilityTiles = pgTable(
  'liability_tiles',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    layer: integer('layer').notNull(),
    index: integer('index').notNull(),
    nodes: bytea('nodes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.layer, t.index] })],
);

/**
 * Where each member's leaves are on one day: members in rows of up to 256 by id (`bucket` = id ÷ 256),
 * 20 bytes each: the id, then the leaf's position in the GOLD, USDT and BTC trees. The balance is
 * the leaf's own sum, in the tiles. A proof reads one row.
 */
export const liabilityPositions = pgTable(
  'liability_positions',
  {
    day: date('day').notNull(),
    bucket: integer('bucket').notNull(),
    entries: bytea('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucket] })],
);

/** Proof of solvency: cold reserve addresses an operator added (lower-case hex). */
export const reserveAddresses = pgTable('reserve_addresses', {
  address: text('address').primaryKey(),
  label: text('label').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  addedBy: bigint('added_by', { mode: 'number' }).notNull(),
  /** Set when the operator removed it: not counted from the next snapshot on. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

/** A cold address's signature of `reserveMessage(chainId, address, day)`, checked when uploaded. */
export const reserveSignatures = pgTable(
  'reserve_signatures',
  {
    address: text('address')
      .notNull()
      .references(() => reserveAddresses.address),
    day: date('day').notNull(),
    chainId: integer('chain_id').notNull(),
    signature: text('signature').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'reserve_signatures_pk', columns: [t.address, t.day, t.chainId] })],
);

/** One published day of solvency: the body as published, its commitment, and the anchor transaction. */
export const solvencySnapshots = pgTable('solvency_snapshots', {
  day: date('day').primaryKey(),
  chainId: integer('chain_id').notNull(),
  body: jsonb('body').notNull(),
  commitment: text('commitment').notNull().unique('solvency_snapshots_commitment'),
  previous: text('previous'),
  anchorFrom: text('anchor_from'),
  anchorNonce: bigint('anchor_nonce', { mode: 'number' }),
  anchorTxHash: text('anchor_tx_hash'),
  anchorRaw: text('anchor_raw'),
  anchorBlock: bigint('anchor_block', { mode: 'number' }),
  anchorError: text('anchor_error'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});
