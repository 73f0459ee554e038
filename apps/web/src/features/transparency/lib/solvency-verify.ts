import { verifyProof } from '@minecloud/contract/merkle-sum';
import {
  type ChainProblem,
  checkChain,
  checkDay,
  checkOnChain,
  type RecoverSigner,
  rpcOver,
  type SolvencyAnswer,
  type SolvencyDay,
  type SolvencyProblem,
} from '@minecloud/contract/solvency';
import type { LiabilityProofAnswer } from '@minecloud/contract/transparency';

/** A problem of the chain's check: the contract's, or the member's own proof not checking at all. */
export type ChainCheckProblem = SolvencyProblem | { kind: 'proofInvalid'; day: string; asset: string };

/** How far the chain's check reached back, as the page explains it. */
export type OwnDay =
  /** From the member's proof day, with their proof's root compared to that day's. */
  | { kind: 'checked'; day: string; asset: string; rootOk: boolean }
  /** Signed out: the whole list, from its oldest day. */
  | { kind: 'signedOut' }
  /** Signed in without a proof yet: the whole list. */
  | { kind: 'noProof' }
  /** The member's proof is of a day whose solvency is not published yet: the whole list. */
  | { kind: 'notYetPublished'; day: string };

export type SolvencyChecks = {
  /** The newest day on its own: commitment, totals, ratios, and every address's signature. */
  day: { day: string; problems: SolvencyProblem[] };
  /** The chain of commitments up to the newest day. */
  chain: { from: string; to: string; days: number; own: OwnDay; problems: ChainCheckProblem[] };
  /** The newest day against the chain's node, or why it was not asked. */
  onChain: { status: 'checked'; day: SolvencyDay; problems: ChainProblem[] } | { status: 'noNode' };
};

/**
 * viem's `recoverMessageAddress`, loaded on first use (never with the page), remembering each
 * answer: the chain's check asks again for the days the newest day's check already recovered.
 */
async function loadRecover(): Promise<RecoverSigner> {
  const { recoverMessageAddress } = await import('viem');
  const known = new Map<string, Promise<string>>();
  return (message, signature) => {
    const key = `${signature}\n${message}`;
    let signer = known.get(key);
    if (!signer) {
      signer = recoverMessageAddress({ message, signature: signature as `0x${string}` });
      known.set(key, signer);
    }
    return signer;
  };
}

const byDay = (a: SolvencyDay, b: SolvencyDay) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

/** Problems found by two checks of overlapping days, each once. */
function merged<T>(...lists: T[][]): T[] {
  const seen = new Set<string>();
  return lists.flat().filter((problem) => {
    const key = JSON.stringify(problem);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The member's check of the published solvency, all of it in the browser: the newest day's
 * signatures and commitment, the chain of commitments (over the whole list, and from the member's own
 * proof day with their proof's root), and the newest day's anchor and balances through the chain's
 * public node when the platform names one.
 */
export async function verifySolvency(
  answer: SolvencyAnswer,
  member: { signedIn: boolean; proof: LiabilityProofAnswer | null },
): Promise<SolvencyChecks> {
  const recover = await loadRecover();
  const oldestFirst = [...answer.list].sort(byDay);
  const oldest = oldestFirst[0];
  const newest = oldestFirst[oldestFirst.length - 1];
  if (!oldest || !newest) throw new Error('nothing published');

  const dayProblems = await checkDay(newest, recover);

  const whole = await checkChain(answer.list, oldest.day, recover);
  let own: OwnDay = member.signedIn ? { kind: 'noProof' } : { kind: 'signedOut' };
  let problems: ChainCheckProblem[] = whole.problems;
  const proof = member.proof;
  if (proof) {
    if (proof.day > newest.day) own = { kind: 'notYetPublished', day: proof.day };
    else {
      const mine = await checkChain(answer.list, proof.day, recover, {
        asset: proof.asset,
        root: proof.proof.root.hash,
      });
      const valid = verifyProof(proof.proof).ok;
      const rootOk = valid && !mine.problems.some((p) => p.kind === 'rootMismatch' || p.kind === 'proofDayMissing');
      own = { kind: 'checked', day: proof.day, asset: proof.asset, rootOk };
      problems = merged<ChainCheckProblem>(
        whole.problems,
        mine.problems,
        valid ? [] : [{ kind: 'proofInvalid', day: proof.day, asset: proof.asset }],
      );
    }
  }

  const onChain: SolvencyChecks['onChain'] = answer.chain.rpcUrl
    ? { status: 'checked', day: newest, problems: await checkOnChain(newest, rpcOver(answer.chain.rpcUrl)) }
    : { status: 'noNode' };

  return {
    day: { day: newest.day, problems: dayProblems },
    chain: { from: oldest.day, to: newest.day, days: whole.days, own, problems },
    onChain,
  };
}
