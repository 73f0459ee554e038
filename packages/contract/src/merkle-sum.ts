import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Proof of liabilities (docs/economy.md, "Transparency"): a Merkle-sum tree per asset over every
 * member's balance, in atomic units. Shared by the server (building it), the member app (verifying
 * a proof in the browser) and the command-line verifier, so all three hash exactly the same bytes.
 *
 * - A leaf commits to one member's balance with a per-member salt that only that member is given:
 *   H(0x00 ‖ salt ‖ userId ‖ amount). Without the salt, a leaf reveals neither who nor how much.
 * - A node commits to both children's hashes and sums: H(0x01 ‖ left ‖ leftSum ‖ right ‖ rightSum),
 *   its sum the children's. Each sum is 16 bytes, unsigned: a sum can never be negative, so no one
 *   can hide a liability behind a negative sibling.
 * - An odd node is paired with an empty one (hash H(0x02), sum 0).
 * - Leaves are ordered by their hash, which the salts make a fresh shuffle each day.
 */

/** The largest sum a node can carry (2^128 − 1 atomic units): far above any real total. */
export const MAX_SUM = (1n << 128n) - 1n;

export type Node = { hash: string; sum: bigint };
export type ProofStep = { hash: string; sum: string; side: 'left' | 'right' };
/** What a member is given: their leaf's inputs and the siblings up to the published root. */
export type LiabilityProof = {
  userId: string;
  amount: string;
  salt: string;
  path: ProofStep[];
  root: { hash: string; sum: string };
};

function sumBytes(sum: bigint): Uint8Array {
  if (sum < 0n || sum > MAX_SUM) throw new RangeError('a sum out of range');
  return hexToBytes(sum.toString(16).padStart(32, '0'));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const TAG = { leaf: new Uint8Array([0]), node: new Uint8Array([1]), empty: new Uint8Array([2]) };
export const EMPTY: Node = { hash: bytesToHex(sha256(TAG.empty)), sum: 0n };

export function leafOf(userId: string, amount: bigint, salt: string): Node {
  const id = utf8ToBytes(userId);
  const hash = sha256(concat(TAG.leaf, hexToBytes(salt), new Uint8Array([id.length]), id, sumBytes(amount)));
  return { hash: bytesToHex(hash), sum: amount };
}

export function parentOf(left: Node, right: Node): Node {
  const hash = sha256(
    concat(TAG.node, hexToBytes(left.hash), sumBytes(left.sum), hexToBytes(right.hash), sumBytes(right.sum)),
  );
  return { hash: bytesToHex(hash), sum: left.sum + right.sum };
}

/** Every level of the tree, leaves first (ordered by hash), the root alone last. */
export function buildLevels(leaves: Node[]): Node[][] {
  let level = [...leaves].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  if (level.length === 0) level = [EMPTY];
  const levels = [level];
  while (level.length > 1) {
    const next: Node[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentOf(level[i] as Node, level[i + 1] ?? EMPTY));
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from the leaf at `index` of the first level up to the root. */
export function pathOf(levels: Node[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = at % 2 === 0 ? (level[at + 1] ?? EMPTY) : (level[at - 1] as Node);
    path.push({ hash: sibling.hash, sum: sibling.sum.toString(), side: at % 2 === 0 ? 'right' : 'left' });
    at = Math.floor(at / 2);
  }
  return path;
}

export type Verdict =
  | { ok: true; total: string }
  | { ok: false; reason: 'malformed' | 'negativeSum' | 'outOfRange' | 'rootMismatch' };

const DECIMAL = /^(0|[1-9]\d{0,38})$/;
const HEX32 = /^[0-9a-f]{64}$/;

/**
 * Recomputes the member's leaf and every parent up to the root; valid only if it ends at the
 * published root's hash and sum, with no sum negative or out of range on the way.
 */
export function verifyProof(proof: LiabilityProof): Verdict {
  const numbers = [proof.amount, proof.root.sum, ...proof.path.map((s) => s.sum)];
  if (numbers.some((n) => n.startsWith('-'))) return { ok: false, reason: 'negativeSum' };
  if (
    !numbers.every((n) => DECIMAL.test(n)) ||
    ![proof.salt, proof.root.hash, ...proof.path.map((s) => s.hash)].every((h) => HEX32.test(h)) ||
    !proof.path.every((s) => s.side === 'left' || s.side === 'right') ||
    !/^\d{1,19}$/.test(proof.userId)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  try {
    let node = leafOf(proof.userId, BigInt(proof.amount), proof.salt);
    for (const step of proof.path) {
      const sibling = { hash: step.hash, sum: BigInt(step.sum) };
      node = step.side === 'left' ? parentOf(sibling, node) : parentOf(node, sibling);
    }
    if (node.hash !== proof.root.hash || node.sum !== BigInt(proof.root.sum))
      return { ok: false, reason: 'rootMismatch' };
    return { ok: true, total: node.sum.toString() };
  } catch {
    // A sum above MAX_SUM on the way up: no real tree has one.
    return { ok: false, reason: 'outOfRange' };
  }
}
