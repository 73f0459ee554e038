// `npm run proof:verify -- <file.json>`: checks a saved proof of liabilities on this machine, with no
// server and no network: the member's leaf, every sibling up to the root, the root's hash and total,
// no sum negative (contract/merkle-sum.ts, the same code the app runs). The file holds the proof the
// app shows (or an answer with it under `proof`). Exit 0: valid; 1: invalid; 2: unreadable.
import { readFileSync } from 'node:fs';
import { type LiabilityProof, verifyProof } from '@minecloud/contract/merkle-sum';

const REASONS = {
  malformed: 'a field is not in the proof format',
  negativeSum: 'a sum on the path is negative',
  outOfRange: 'a sum on the path is out of range',
  rootMismatch: 'the path does not lead to the published root and total',
} as const;

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run proof:verify -- <proof.json>');
  process.exit(2);
}
let proof: LiabilityProof;
try {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as LiabilityProof | { proof: LiabilityProof };
  proof = 'proof' in parsed ? parsed.proof : parsed;
  if (!proof || typeof proof !== 'object' || !Array.isArray(proof.path) || !proof.root) throw new Error('not a proof');
} catch (error) {
  console.error(`cannot read a proof from ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const verdict = verifyProof(proof);
if (verdict.ok) {
  console.log(`proof VALID: member ${proof.userId}'s ${proof.amount} (atomic units) is in the published total`);
  console.log(`  ${verdict.total}, root ${proof.root.hash}, ${proof.path.length} steps, no negative sum`);
} else {
  console.log(`proof INVALID: ${REASONS[verdict.reason]}`);
  process.exitCode = 1;
}
