import { createCipheriv, createHmac, hash } from 'node:crypto';
import { EMPTY, type LiabilityProof, MAX_SUM, type ProofStep } from '@minecloud/contract/merkle-sum';

/**
 * The server's side of the Merkle-sum tree (contract merkle-sum.ts defines the bytes). The contract
 * hashes with @noble/hashes so that the browser can verify; the server hashes the same bytes with
 * node:crypto, in flat buffers, to build a million leaves in seconds. The tests check server-built
 * proofs with the contract's verifier and server-built roots against the contract's, so the two
 * cannot drift apart.
 *
 * A node is 48 bytes: its 32-byte hash, then its sum as 16 bytes big-endian. A level is one Buffer.
 */

export const NODE_BYTES = 48;
/** A tile spans this many levels: 256 nodes at its base. */
export const TILE_LEVELS = 8;
export const TILE_WIDTH = 1 << TILE_LEVELS;

const EMPTY_NODE = Buffer.concat([Buffer.from(EMPTY.hash, 'hex'), Buffer.alloc(16)]);
const MASK_64 = (1n << 64n) - 1n;

function writeSum(target: Buffer, at: number, sum: bigint): void {
  if (sum < 0n || sum > MAX_SUM) throw new RangeError('a sum out of range');
  target.writeBigUInt64BE(sum >> 64n, at);
  target.writeBigUInt64BE(sum & MASK_64, at + 8);
}

function readSum(source: Buffer, at: number): bigint {
  return (source.readBigUInt64BE(at) << 64n) | source.readBigUInt64BE(at + 8);
}

/** Adds two 16-byte sums in 32-bit limbs (no BigInt on the hot path); a carry out of 128 bits throws. */
function addSums(a: Buffer, aAt: number, b: Buffer, bAt: number, out: Buffer, outAt: number): void {
  let carry = 0;
  for (let limb = 12; limb >= 0; limb -= 4) {
    const total = a.readUInt32BE(aAt + limb) + b.readUInt32BE(bAt + limb) + carry;
    out.writeUInt32BE(total >>> 0, outAt + limb);
    carry = total > 0xffffffff ? 1 : 0;
  }
  if (carry) throw new RangeError('a sum out of range');
}

/** The day's key for the members' salts: derived from the server's secret, never published. */
export function dayKeyOf(secret: string, day: string): Buffer {
  return createHmac('sha256', secret).update(`liabilities:${day}`).digest();
}

/**
 * The members' salts for one day and asset, 32 bytes each, in one pass: AES-256 of the member's id
 * under the day-and-asset key (two blocks, `i‖0…0‖id`), a pseudo-random function that makes a
 * million salts in milliseconds. A member learns their own salt and nothing of the key or of any
 * other member's salt.
 */
export function saltTable(dayKey: Buffer, asset: string, userIds: readonly string[]): Buffer {
  const key = createHmac('sha256', dayKey).update(`salt:${asset}`).digest();
  const blocks = Buffer.alloc(userIds.length * 32);
  for (let i = 0; i < userIds.length; i++) {
    const id = BigInt(userIds[i] as string);
    blocks[i * 32] = 0;
    blocks.writeBigUInt64BE(id, i * 32 + 8);
    blocks[i * 32 + 16] = 1;
    blocks.writeBigUInt64BE(id, i * 32 + 24);
  }
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(blocks), cipher.final()]);
}

/** One member's salt for one day and asset (see `saltTable`). */
export function saltOf(dayKey: Buffer, asset: string, userId: string): Buffer {
  return saltTable(dayKey, asset, [userId]);
}

const leafInput = Buffer.allocUnsafe(34 + 64 + 16);

/** H(0x00 ‖ salt ‖ len ‖ userId ‖ amount), written as a node (hash, then the amount) at `out[at]`. */
function writeLeaf(userId: string, amount: bigint, salt: Buffer, out: Buffer, at: number): void {
  leafInput[0] = 0;
  salt.copy(leafInput, 1);
  const idLength = leafInput.write(userId, 34, 'latin1');
  leafInput[33] = idLength;
  writeSum(leafInput, 34 + idLength, amount);
  const end = 34 + idLength + 16;
  hash('sha256', leafInput.subarray(0, end), 'buffer').copy(out, at);
  leafInput.copy(out, at + 32, 34 + idLength, end);
}

export function leafNode(userId: string, amount: bigint, salt: Buffer): Buffer {
  const node = Buffer.allocUnsafe(NODE_BYTES);
  writeLeaf(userId, amount, salt, node, 0);
  return node;
}

/** One level up: pairs of nodes, an odd last one paired with the empty node (written `into`, if given). */
function levelAbove(level: Buffer, into?: Buffer): Buffer {
  const count = level.length / NODE_BYTES;
  const pairs = Math.ceil(count / 2);
  const out = into ? into.subarray(0, pairs * NODE_BYTES) : Buffer.allocUnsafe(pairs * NODE_BYTES);
  const input = Buffer.allocUnsafe(1 + 2 * NODE_BYTES);
  input[0] = 1;
  for (let pair = 0; pair < pairs; pair++) {
    const left = pair * 2 * NODE_BYTES;
    const at = pair * NODE_BYTES;
    if (pair * 2 + 1 < count) {
      level.copy(input, 1, left, left + 2 * NODE_BYTES);
      addSums(level, left + 32, level, left + NODE_BYTES + 32, out, at + 32);
    } else {
      level.copy(input, 1, left, left + NODE_BYTES);
      EMPTY_NODE.copy(input, 1 + NODE_BYTES);
      level.copy(out, at + 32, left + 32, left + NODE_BYTES);
    }
    hash('sha256', input, 'buffer').copy(out, at);
  }
  return out;
}

export type Tree = {
  /** For each leaf position (ordered by hash), the index of its member in the input. */
  order: Uint32Array;
  levels: Buffer[];
  root: { hash: string; sum: bigint };
  height: number;
};

/**
 * Every level of one asset's tree: each member's leaf salted for the day, leaves ordered by hash (the
 * salts make it a fresh shuffle each day), then each level above up to the root.
 */
export function buildTree(userIds: readonly string[], amounts: readonly bigint[], salts: Buffer): Tree {
  const count = userIds.length;
  const raw = Buffer.allocUnsafe(count * NODE_BYTES);
  for (let i = 0; i < count; i++) {
    writeLeaf(userIds[i] as string, amounts[i] as bigint, salts.subarray(i * 32, i * 32 + 32), raw, i * NODE_BYTES);
  }
  // Sort by hash: by the first 6 bytes as a number, and the full hash when those are equal.
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = raw.readUIntBE(i * NODE_BYTES, 6);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort(
    (a, b) =>
      (keys[a] as number) - (keys[b] as number) ||
      raw.compare(raw, b * NODE_BYTES, b * NODE_BYTES + 32, a * NODE_BYTES, a * NODE_BYTES + 32),
  );
  let base: Buffer;
  if (count === 0) base = Buffer.from(EMPTY_NODE);
  else {
    base = Buffer.allocUnsafe(count * NODE_BYTES);
    for (let position = 0; position < count; position++) {
      const from = (order[position] as number) * NODE_BYTES;
      raw.copy(base, position * NODE_BYTES, from, from + NODE_BYTES);
    }
  }
  const levels: Buffer[] = [base];
  let level = base;
  while (level.length > NODE_BYTES) {
    level = levelAbove(level);
    levels.push(level);
  }
  return {
    order,
    levels,
    root: { hash: level.subarray(0, 32).toString('hex'), sum: readSum(level, 32) },
    height: levels.length - 1,
  };
}

export type Tile = { layer: number; index: number; nodes: Buffer };

/** The tiles that keep the tree: every 8th level, in runs of 256 nodes. */
export function* tilesOf(tree: Pick<Tree, 'levels'>): Generator<Tile> {
  for (let layer = 0; layer * TILE_LEVELS < tree.levels.length; layer++) {
    const level = tree.levels[layer * TILE_LEVELS] as Buffer;
    const span = TILE_WIDTH * NODE_BYTES;
    for (let index = 0; index * span < level.length; index++) {
      yield { layer, index, nodes: level.subarray(index * span, (index + 1) * span) };
    }
  }
}

/** Which tiles a proof of leaf `leafIndex` needs, for a tree of `height`. */
export function tilesForProof(leafIndex: number, height: number): { layer: number; index: number }[] {
  const tiles: { layer: number; index: number }[] = [];
  for (let layer = 0; layer * TILE_LEVELS <= height; layer++) {
    tiles.push({ layer, index: Math.floor(leafIndex / 2 ** (layer * TILE_LEVELS) / TILE_WIDTH) });
  }
  return tiles;
}

/** How many of a tile's levels a proof climbs: 8, fewer in the top tile, none in a root-only tile. */
export function stepsIn(layer: number, height: number): number {
  return Math.max(0, Math.min(TILE_LEVELS, height - layer * TILE_LEVELS));
}

/** Bytes that `tileLevels` writes above a tile's base: never more than the base and one node a level. */
export const LEVELS_ABOVE_BYTES = TILE_WIDTH * NODE_BYTES + TILE_LEVELS * NODE_BYTES;

/**
 * A tile's base nodes and the `steps - 1` levels above them inside the tile (at most 255 hashes),
 * written one after another `into` when given (LEVELS_ABOVE_BYTES of it), else into new buffers.
 */
export function tileLevels(nodes: Buffer, steps: number, into?: Buffer): Buffer[] {
  const levels = [nodes];
  let at = 0;
  for (let step = 1; step < steps; step++) {
    const level = levelAbove(levels[step - 1] as Buffer, into?.subarray(at));
    at += level.length;
    levels.push(level);
  }
  return levels;
}

/** The levels inside tile `layer:index` that a proof climbs (`stepsIn` of them). */
export type LevelsOf = (layer: number, index: number, steps: number) => readonly Buffer[];

/**
 * Levels recomputed from the tiles `tilesForProof` names, keyed `layer:index`; with `into`, each
 * call writes over the levels the one before returned (proofPath climbs one tile at a time).
 */
export function levelsFrom(tiles: Map<string, Buffer>, into?: Buffer): LevelsOf {
  return (layer, index, steps) => tileLevels(tileAt(tiles, layer, index), steps, into);
}

/** Tile `layer:index` of the tiles `tilesForProof` names. */
export function tileAt(tiles: Map<string, Buffer>, layer: number, index: number): Buffer {
  const nodes = tiles.get(`${layer}:${index}`);
  if (!nodes) throw new Error(`tile ${layer}:${index} missing`);
  return nodes;
}

/** The siblings from leaf `leafIndex` up to the root, climbing each tile's levels from `levelsOf`. */
export function proofPath(leafIndex: number, height: number, levelsOf: LevelsOf): ProofStep[] {
  const path: ProofStep[] = [];
  let position = leafIndex;
  for (let layer = 0; layer * TILE_LEVELS <= height; layer++) {
    const tileIndex = Math.floor(position / TILE_WIDTH);
    const steps = stepsIn(layer, height);
    const levels = steps > 0 ? levelsOf(layer, tileIndex, steps) : [];
    let at = position - tileIndex * TILE_WIDTH;
    for (let step = 0; step < steps; step++) {
      const level = levels[step] as Buffer;
      const count = level.length / NODE_BYTES;
      const siblingAt = at ^ 1;
      const sibling =
        siblingAt < count ? level.subarray(siblingAt * NODE_BYTES, (siblingAt + 1) * NODE_BYTES) : EMPTY_NODE;
      path.push({
        hash: sibling.subarray(0, 32).toString('hex'),
        sum: readSum(sibling, 32).toString(),
        side: siblingAt < at ? 'left' : 'right',
      });
      at >>= 1;
    }
    position = Math.floor(position / TILE_WIDTH);
  }
  return path;
}

export function proofOf(
  leaf: { userId: string; amount: bigint; salt: Buffer; leafIndex: number },
  snapshot: { rootHash: string; total: bigint; height: number },
  levelsOf: LevelsOf,
): LiabilityProof {
  return {
    userId: leaf.userId,
    amount: leaf.amount.toString(),
    salt: leaf.salt.toString('hex'),
    path: proofPath(leaf.leafIndex, snapshot.height, levelsOf),
    root: { hash: snapshot.rootHash, sum: snapshot.total.toString() },
  };
}

/**
 * Where each member's leaves are, in rows of up to 256 members by id (`bucket` = id ÷ 256): per
 * member, its id (8 bytes) and its leaf position in each tree (4 bytes each, in the order given).
 * A proof reads one such row; the balance is the leaf's own sum, in the tiles.
 */
export const BUCKET_WIDTH = 256;

export function positionsOf(trees: readonly Tree[], userIds: readonly string[]): Map<number, Buffer> {
  const count = userIds.length;
  const width = 8 + 4 * trees.length;
  const all = Buffer.allocUnsafe(count * width);
  for (const [t, tree] of trees.entries()) {
    for (let position = 0; position < count; position++) {
      all.writeUInt32BE(position, (tree.order[position] as number) * width + 8 + 4 * t);
    }
  }
  // Members come in ascending id order (the snapshot reads them so): each bucket is a run of them.
  const buckets = new Map<number, Buffer>();
  let runStart = 0;
  let runBucket = -1;
  let previous = -1n;
  for (let i = 0; i < count; i++) {
    const userId = BigInt(userIds[i] as string);
    if (userId <= previous) throw new Error('members must come in ascending id order');
    previous = userId;
    all.writeBigUInt64BE(userId, i * width);
    const bucket = Number(userId / BigInt(BUCKET_WIDTH));
    if (bucket !== runBucket) {
      if (runBucket >= 0) buckets.set(runBucket, all.subarray(runStart * width, i * width));
      runBucket = bucket;
      runStart = i;
    }
  }
  if (runBucket >= 0) buckets.set(runBucket, all.subarray(runStart * width, count * width));
  return buckets;
}

/** A member's leaf position in tree `tree` (of `trees`) from their bucket row, or null when absent. */
export function positionIn(bucket: Buffer, userId: number, tree: number, trees: number): number | null {
  const width = 8 + 4 * trees;
  const wanted = BigInt(userId);
  for (let at = 0; at + width <= bucket.length; at += width) {
    if (bucket.readBigUInt64BE(at) === wanted) return bucket.readUInt32BE(at + 8 + 4 * tree);
  }
  return null;
}

/** The leaf at `position` from its tile (layer 0): its hash and the amount it commits to. */
export function leafAt(tiles: Map<string, Buffer>, position: number): { hash: string; amount: bigint } {
  const tile = tiles.get(`0:${Math.floor(position / TILE_WIDTH)}`);
  if (!tile) throw new Error('leaf tile missing');
  const at = (position % TILE_WIDTH) * NODE_BYTES;
  return { hash: tile.subarray(at, at + 32).toString('hex'), amount: readSum(tile, at + 32) };
}
