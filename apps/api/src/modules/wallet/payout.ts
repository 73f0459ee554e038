import type { Db } from '../../db/client.ts';
import type { Chain } from './chain.ts';
import { followAttempts } from './payout-follow.ts';
import { newRound, type PayoutHooks, type PayoutReport } from './payout-round.ts';
import { startPayouts } from './payout-send.ts';

/**
 * The payout worker. Every payout is one ERC-20 `transfer` from the hot wallet, signed with a nonce
 * handed out under a row lock and stored (raw) before it is broadcast:
 * - after a crash anywhere, the stored transaction is sent again: the same hash, never a second one;
 * - a withdrawal has at most one live transaction (a unique index), and a new one is signed only
 *   when the last can no longer move anything: reverted on chain, or its nonce taken by another
 *   transaction, as the pinned block's own transactions show (never a receipt query that found
 *   nothing: behind a lagging or load-balanced RPC that proves nothing);
 * - evidence that stays unclear puts the withdrawal in `payout_unclear`, for an operator;
 * - the ledger moves (locked → payout, fee → treasury) once the transfer has `chain.confirmations`.
 * Every step is a conditional update, so several workers at once do each step once.
 *
 * A round follows the live transactions first (payout-follow.ts), then signs and sends new ones
 * (payout-send.ts); what the two share is in payout-round.ts.
 */
export async function runPayouts(db: Db, chain: Chain | null, hooks: PayoutHooks = {}): Promise<PayoutReport> {
  const report: PayoutReport = { signed: 0, sent: 0, arrived: 0, reverted: 0, dropped: 0, unclear: 0 };
  if (!chain?.payer) return report;
  const round = await newRound(db, chain);
  await followAttempts(db, chain, round, hooks, report);
  await startPayouts(db, chain, round, hooks, report);
  if (round.unpinned) throw new Error(`payouts wait: ${round.unpinned.slice(0, 300)}`);
  return report;
}
