/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLevels, type LiabilityProof, leafOf, MAX_SUM, pathOf, verifyProof } from './merkle-sum.ts';

const salt = (i: number) => i.toString(16).padStart(64, '0');
const members = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    userId: String(100_000 + i),
    amount: BigInt(i * 1_000 + 7),
    salt: salt(i + 1),
  }));

function proofsOf(list: ReturnType<typeof members>) {
  const leaves = list.map((m) => leafOf(m.userId, m.amount, m.salt));
  const levels = buildLevels(leaves);
  const root = levels.at(-1)?.[0] as { hash: string; sum: bigint };
  return list.map((m, i): LiabilityProof => {
    const index = (levels[0] ?? []).findIndex((leaf) => leaf.hash === leaves[i]?.hash);
    return {
      userId: m.userId,
      amount: m.amount.toString(),
      salt: m.salt,
      path: pathOf(levels, index),
      root: { hash: root.hash, sum: root.sum.toString() },
    };
  });
}

describe('Merkle-sum proof of liabilities', () => {
  it('proves every member of trees of every shape, and the root sums every balance', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 100]) {
      const list = members(n);
      const total = list.reduce((sum, m) => sum + m.amount, 0n);
      for (const proof of proofsOf(list)) {
        expect(verifyProof(proof), `${n} members`).toEqual({ ok: true, total: total.toString() });
      }
    }
  });

  it('hashes the bytes its documentation names (recomputed here with node:crypto)', () => {
    const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
    const sum = (n: bigint) => Buffer.from(n.toString(16).padStart(32, '0'), 'hex');
    const leaf = (m: { userId: string; amount: bigint; salt: string }) => ({
      hash: h(
        Buffer.from([0]),
        Buffer.from(m.salt, 'hex'),
        Buffer.from([m.userId.length]),
        Buffer.from(m.userId),
        sum(m.amount),
      ),
      sum: m.amount,
    });
    const node = (l: { hash: Buffer; sum: bigint }, r: { hash: Buffer; sum: bigint }) => ({
      hash: h(Buffer.from([1]), l.hash, sum(l.sum), r.hash, sum(r.sum)),
      sum: l.sum + r.sum,
    });
    const empty = { hash: h(Buffer.from([2])), sum: 0n };
    const sorted = members(3)
      .map(leaf)
      .sort((a, b) => a.hash.compare(b.hash));
    const root = node(node(sorted[0]!, sorted[1]!), node(sorted[2]!, empty));
    const [proof] = proofsOf(members(3));
    expect(proof?.root).toEqual({ hash: root.hash.toString('hex'), sum: '3021' });
    // And pinned: changing it changes the format the app and the command-line verifier check.
    expect(proof?.root.hash).toBe('45d1d704417d318debf50a0dbb8f45a34048ff6784d51e24edceec5bddeffce1');
  });

  describe('refuses a tampered proof', () => {
    const proof = proofsOf(members(9))[4] as LiabilityProof;
    const step = (i: number, change: Partial<LiabilityProof['path'][number]>) => ({
      ...proof,
      path: proof.path.map((s, j) => (j === i ? { ...s, ...change } : s)),
    });

    it('a changed sum of a sibling', () => {
      const first = proof.path[0] as LiabilityProof['path'][number];
      expect(verifyProof(step(0, { sum: String(BigInt(first.sum) - 1n) }))).toEqual({
        ok: false,
        reason: 'rootMismatch',
      });
    });
    it('a changed sibling hash', () => {
      expect(verifyProof(step(1, { hash: 'ab'.repeat(32) }))).toEqual({ ok: false, reason: 'rootMismatch' });
    });
    it('a sibling on the other side', () => {
      const first = proof.path[0] as LiabilityProof['path'][number];
      expect(verifyProof(step(0, { side: first.side === 'left' ? 'right' : 'left' })).ok).toBe(false);
    });
    it('a leaf of another member, or another amount, or another salt', () => {
      expect(verifyProof({ ...proof, userId: '100003' })).toEqual({ ok: false, reason: 'rootMismatch' });
      expect(verifyProof({ ...proof, amount: String(BigInt(proof.amount) - 1n) })).toEqual({
        ok: false,
        reason: 'rootMismatch',
      });
      expect(verifyProof({ ...proof, salt: salt(99) })).toEqual({ ok: false, reason: 'rootMismatch' });
    });
    it('a negative sum anywhere, a sum past the maximum, or a malformed field', () => {
      expect(verifyProof(step(2, { sum: '-5' }))).toEqual({ ok: false, reason: 'negativeSum' });
      expect(verifyProof({ ...proof, amount: '-1' })).toEqual({ ok: false, reason: 'negativeSum' });
      expect(verifyProof(step(0, { sum: MAX_SUM.toString() }))).toEqual({ ok: false, reason: 'outOfRange' });
      expect(verifyProof(step(0, { hash: 'xyz' }))).toEqual({ ok: false, reason: 'malformed' });
      expect(verifyProof({ ...proof, amount: '1.5' })).toEqual({ ok: false, reason: 'malformed' });
      expect(verifyProof({ ...proof, root: { ...proof.root, sum: '1' } })).toEqual({
        ok: false,
        reason: 'rootMismatch',
      });
    });
  });
});
