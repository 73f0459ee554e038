import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { Db } from '../../db/client.ts';
import { getSetting } from '../config/settings.ts';
import { type Chain, minedNonceAt, type NonceFate, nonceFate, type PinnedBlock, pinBlock } from './chain.ts';

/** One round of the payout worker (payout.ts): what its two halves, sending and following, share. */

/** Test seams: where a crash can be simulated. */
export type PayoutHooks = {
  afterSign?: (hash: Hex) => Promise<void> | void;
  afterBroadcast?: (hash: Hex) => Promise<void> | void;
};

export type PayoutReport = {
  signed: number;
  sent: number;
  arrived: number;
  reverted: number;
  dropped: number;
  /** Withdrawals put in payout_unclear this round. */
  unclear: number;
};

export type LiveAttempt = {
  id: number;
  withdrawal_id: number;
  nonce: number;
  tx_hash: Hex;
  raw_tx: Hex;
  status: 'signed' | 'sent' | 'mined';
  signed_block: string | null;
  user_id: number;
  asset: WithdrawAsset;
  amount: string;
  fee: string;
};

export const LIVE = sql`('signed','sent','mined')`;

/**
 * One round's view of the chain: the head, the confirmations required, and (read once, when a
 * question needs it) the block pinned `confirmations` deep with the hot wallet's count there.
 */
type Pinned = { block: PinnedBlock; mined: number } | { block: null; why: string };
export type Round = {
  head: bigint;
  required: number;
  pinned(): Promise<Pinned>;
  /** Why a question needed the pinned block and could not have it: said in the log at the end. */
  unpinned?: string;
};

export async function newRound(db: Db, chain: Chain): Promise<Round> {
  const payer = chain.payer as NonNullable<Chain['payer']>;
  const [head, required] = await Promise.all([chain.client.getBlockNumber(), getSetting(db, 'chain.confirmations')]);
  let pinned: Promise<Pinned> | undefined;
  const round: Round = {
    head,
    required,
    pinned() {
      pinned ??= pinBlock(chain, head, required).then(async (block): Promise<Pinned> => {
        if (!block) return { block: null, why: `block ${head} - ${required - 1} could not be read` };
        try {
          return { block, mined: await minedNonceAt(chain, payer.address, block) };
        } catch (error) {
          return { block: null, why: `the nonce at block ${block.number} could not be read: ${String(error)}` };
        }
      });
      return pinned.then((answer) => {
        if (!answer.block) round.unpinned = answer.why;
        return answer;
      });
    },
  };
  return round;
}

/** The fate of a live transaction's nonce at the pinned block, or `unpinned` this round. */
export async function fateOf(
  chain: Chain,
  round: Round,
  attempt: LiveAttempt,
): Promise<NonceFate | { kind: 'unpinned' }> {
  const pinned = await round.pinned();
  if (!pinned.block) return { kind: 'unpinned' };
  const payer = chain.payer as NonNullable<Chain['payer']>;
  return nonceFate(
    chain,
    {
      from: payer.address,
      nonce: attempt.nonce,
      hash: attempt.tx_hash,
      signedBlock: attempt.signed_block === null ? null : BigInt(attempt.signed_block),
    },
    pinned.block,
    pinned.mined,
  );
}
