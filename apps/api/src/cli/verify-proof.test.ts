import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildLevels, type LiabilityProof, leafOf, pathOf } from '@minecloud/contract/merkle-sum';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../../test/entry.ts';

/** The CLI bundled once (test/entry.ts): each run then starts in about half the CPU of tsx. */
let script: string;
beforeAll(async () => {
  script = await bundledEntry('cli/verify-proof.ts');
});
const dir = mkdtempSync(path.join(tmpdir(), 'proof-'));

function run(file: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, file], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: failed.stdout + failed.stderr };
  }
}

function save(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

// Five members' balances; the third one's proof, as the app would let them save it.
const members = [3n, 500n, 42n, 0n, 9_000_000n].map((amount, i) => ({
  userId: String(100_001 + i),
  amount,
  salt: (i + 11).toString(16).padStart(64, '0'),
}));
const leaves = members.map((m) => leafOf(m.userId, m.amount, m.salt));
const levels = buildLevels(leaves);
const root = levels.at(-1)?.[0] as { hash: string; sum: bigint };
const mine = members[2] as (typeof members)[number];
const proof: LiabilityProof = {
  userId: mine.userId,
  amount: mine.amount.toString(),
  salt: mine.salt,
  path: pathOf(
    levels,
    (levels[0] ?? []).findIndex((leaf) => leaf.hash === leaves[2]?.hash),
  ),
  root: { hash: root.hash, sum: root.sum.toString() },
};

describe('npm run proof:verify', () => {
  it('says a saved proof is valid, with the total it leads to', () => {
    const result = run(save('good.json', { proof }));
    expect(result.code).toBe(0);
    expect(result.out).toContain('proof VALID');
    expect(result.out).toContain('9000545');
  });

  it('says a tampered proof is invalid and why, and exits 1', () => {
    const first = proof.path[0] as LiabilityProof['path'][number];
    const changedSum = { ...proof, path: [{ ...first, sum: String(BigInt(first.sum) + 1n) }, ...proof.path.slice(1)] };
    expect(run(save('sum.json', changedSum))).toEqual({
      code: 1,
      out: 'proof INVALID: the path does not lead to the published root and total\n',
    });
    expect(run(save('other.json', { ...proof, userId: '100001' })).code).toBe(1);
    const negative = { ...proof, path: [{ ...first, sum: '-1' }, ...proof.path.slice(1)] };
    expect(run(save('negative.json', negative)).out).toBe('proof INVALID: a sum on the path is negative\n');
  });

  it('exits 2 on a file that holds no proof', () => {
    const result = run(save('junk.json', 'not json'));
    expect(result.code).toBe(2);
    expect(result.out).toContain('cannot read a proof');
  });
});
