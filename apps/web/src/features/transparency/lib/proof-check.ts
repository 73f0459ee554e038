import { verifyProof } from '@minecloud/contract/merkle-sum';
import type { LiabilityProofAnswer, LiabilityRoot } from '@minecloud/contract/transparency';

export type ProofFailure =
  /** A field is not in the proof format. */
  | 'malformed'
  /** A sum on the path is negative. */
  | 'negativeSum'
  /** A sum on the path is beyond what any tree can hold. */
  | 'outOfRange'
  /** Hashing the leaf and the path up does not give the proof's root and total. */
  | 'rootMismatch'
  /** No root was published for the proof's day and asset. */
  | 'notPublished'
  /** The proof's root (hash or total) is not the one published for that day and asset. */
  | 'notPublishedRoot'
  /** The leaf is another member's. */
  | 'notMine';

export type ProofOutcome = { ok: true; published: LiabilityRoot } | { ok: false; reason: ProofFailure };

/**
 * The member's check, run in the browser: the proof itself (contract's `verifyProof`: leaf, every
 * sibling, no negative or oversized sum), then that its root is the one published for that day and
 * asset, then that the leaf is the member's own. Only the member's check loads it: the hashing code
 * stays out of the page's first download.
 */
export function checkMemberProof(
  answer: LiabilityProofAnswer,
  published: readonly LiabilityRoot[],
  memberId: string | null,
): ProofOutcome {
  const verdict = verifyProof(answer.proof);
  if (!verdict.ok) return verdict;
  const root = published.find((row) => row.day === answer.day && row.asset === answer.asset);
  if (!root) return { ok: false, reason: 'notPublished' };
  if (root.root !== answer.proof.root.hash || root.totalUnits !== answer.proof.root.sum) {
    return { ok: false, reason: 'notPublishedRoot' };
  }
  if (memberId !== null && answer.proof.userId !== memberId) return { ok: false, reason: 'notMine' };
  return { ok: true, published: root };
}
