import { buildLevels, leafOf, verifyProof } from '@minecloud/contract/merkle-sum';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  dayKeyOf,
  leafAt,
  levelsFrom,
  positionIn,
  positionsOf,
  proofOf,
  saltOf,
  saltTable,
  tilesForProof,
  tilesOf,
} from './tree.ts';

const DAY_KEY = dayKeyOf('test-secret', '2026-11-23');

function members(count: number) {
  const userIds = Array.from({ length: count }, (_, i) => String(i + 1));
  const amounts = userIds.map((_, i) => BigInt(i % 7 === 0 ? 0 : (i * 7919) % 1_000_003));
  return { userIds, amounts, salts: saltTable(DAY_KEY, 'USDT', userIds) };
}

/** A tree of `count` members, and each picked member's proof, from exactly the tiles and leaf row it needs. */
function proofsFor(count: number, picks: readonly number[]) {
  const { userIds, amounts, salts } = members(count);
  const tree = buildTree(userIds, amounts, salts);
  const tiles = new Map([...tilesOf(tree)].map((t) => [`${t.layer}:${t.index}`, t.nodes]));
  const buckets = positionsOf([tree], userIds);
  return {
    tree,
    proofs: picks.map((pick) => {
      const leafIndex = positionIn(buckets.get(Math.floor(pick / 256)) as Buffer, pick, 0, 1);
      if (leafIndex === null) throw new Error(`member ${pick} not in its bucket`);
      const needed = tilesForProof(leafIndex, tree.height).map((t) => `${t.layer}:${t.index}`);
      const given = new Map(needed.map((key) => [key, tiles.get(key) as Buffer]));
      const entry = { leafIndex, amount: leafAt(given, leafIndex).amount };
      expect(entry.amount).toBe(amounts[pick - 1]);
      return proofOf(
        {
          userId: String(pick),
          amount: entry.amount,
          salt: saltOf(DAY_KEY, 'USDT', String(pick)),
          leafIndex: entry.leafIndex,
        },
        { rootHash: tree.root.hash, total: tree.root.sum, height: tree.height },
        levelsFrom(given),
      );
    }),
  };
}

describe('the server-built tree', () => {
  it('hashes the same bytes as the contract: same leaves, same root', () => {
    for (const count of [1, 2, 3, 5, 17, 300]) {
      const { userIds, amounts, salts } = members(count);
      const contract = buildLevels(
        userIds.map((id, i) => leafOf(id, amounts[i] as bigint, salts.subarray(i * 32, i * 32 + 32).toString('hex'))),
      );
      const root = contract.at(-1)?.[0];
      expect(buildTree(userIds, amounts, salts).root).toEqual({ hash: root?.hash, sum: root?.sum });
    }
  });

  it('gives every member a proof the contract verifies, across tile edges and odd levels', () => {
    for (const [count, picks] of [
      [1, [1]],
      [2, [1, 2]],
      [255, [1, 200, 255]],
      [256, [3, 256]],
      [257, [1, 257]],
      [70_001, [1, 35_000, 70_001]],
    ] as const) {
      const { tree, proofs } = proofsFor(count, picks);
      for (const [i, proof] of proofs.entries()) {
        expect(proof.path).toHaveLength(tree.height);
        expect(verifyProof(proof), `${count} leaves, member ${picks[i]}`).toEqual({
          ok: true,
          total: tree.root.sum.toString(),
        });
      }
    }
  });

  it('sums every balance into the root (past 2^64 too), and a tree of no one is the empty node', () => {
    const { userIds, amounts, salts } = members(1000);
    expect(buildTree(userIds, amounts, salts).root.sum).toBe(amounts.reduce((s, a) => s + a, 0n));
    const big = [2n ** 63n - 1n, 2n ** 63n - 1n, 2n ** 63n - 1n];
    expect(buildTree(['1', '2', '3'], big, saltTable(DAY_KEY, 'USDT', ['1', '2', '3'])).root.sum).toBe(
      3n * (2n ** 63n - 1n),
    );
    expect(buildTree([], [], Buffer.alloc(0)).root.sum).toBe(0n);
  });

  it('a member not in the snapshot has no entry; members must come in id order', () => {
    const { userIds, amounts, salts } = members(10);
    const tree = buildTree(userIds, amounts, salts);
    expect(positionIn(positionsOf([tree], userIds).get(0) as Buffer, 11, 0, 1)).toBeNull();
    expect(() => positionsOf([tree], [...userIds].reverse())).toThrow(/ascending/);
  });

  it('salts differ per member, day and asset, and the table gives each member their own', () => {
    const salts = new Set(
      [
        saltOf(DAY_KEY, 'USDT', '1'),
        saltOf(dayKeyOf('test-secret', '2026-11-24'), 'USDT', '1'),
        saltOf(DAY_KEY, 'BTC', '1'),
        saltOf(DAY_KEY, 'USDT', '2'),
        saltOf(dayKeyOf('another-secret', '2026-11-23'), 'USDT', '1'),
      ].map((s) => s.toString('hex')),
    );
    expect(salts.size).toBe(5);
    const table = saltTable(DAY_KEY, 'USDT', ['1', '2', '3']);
    expect(table.subarray(64, 96)).toEqual(saltOf(DAY_KEY, 'USDT', '3'));
  });
});
