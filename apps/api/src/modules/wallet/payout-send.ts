import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, keccak256 } from 'viem';
import { type Db, queryRows } from '../../db/client.ts';
import { type Chain, toChainUnits } from './chain.ts';
import type { LiveAttempt, PayoutHooks, PayoutReport, Round } from './payout-round.ts';
import { moveWithdrawal, startsFrom } from './withdrawal-states.ts';
import { addEvent } from './withdrawals.ts';

/** The payout worker's sending half (payout.ts): sign a transaction per approved withdrawal, and send it. */

/** Gas for one ERC-20 transfer, fixed: estimating would refuse a transfer the chain would revert. */
export const PAYOUT_GAS = 100_000n;

/**
 * Signs and sends a transaction for every approved withdrawal. The nonce is the stored next one,
 * or the count mined at the pinned block if that is higher (the key signed elsewhere). Never the
 * node's `pending` count: a node whose pool holds transactions that never mine answers too high,
 * and a payout signed past a gap waits behind it for ever.
 */
export async function startPayouts(db: Db, chain: Chain, round: Round, hooks: PayoutHooks, report: PayoutReport) {
  const payer = chain.payer as NonNullable<Chain['payer']>;
  const approved = await queryRows<{ id: number; asset: WithdrawAsset; amount: string; fee: string; address: Address }>(
    db,
    sql`select id::int, asset, amount::text, fee::text, address from withdrawals where ${startsFrom('sign')} order by id limit 50`,
  );
  if (approved.length === 0) return;
  const from = payer.address.toLowerCase();
  const [gasPrice, pinned] = await Promise.all([chain.client.getGasPrice(), round.pinned()]);
  // Without the pinned count nothing is signed (runPayouts says why); the next round asks again.
  if (!pinned.block) return;
  const mined = pinned.mined;
  for (const withdrawal of approved) {
    const token = chain.tokens[withdrawal.asset];
    if (!token) continue;
    const decimals = await chain.decimals(withdrawal.asset);
    const value = toChainUnits(BigInt(withdrawal.amount) - BigInt(withdrawal.fee), withdrawal.asset, decimals);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [withdrawal.address, value] });
    const attempt = await db.transaction(async (tx) => {
      // Another worker may have signed it meanwhile: then it is no longer approved, and this one skips it.
      if (!(await moveWithdrawal(tx, withdrawal.id, 'payoutJob', 'sign'))) return null;
      const nonce = await takeNonce(tx, chain.id, from, mined);
      const raw = await payer.signTransaction({
        type: 'legacy',
        chainId: chain.id,
        to: token,
        data,
        value: 0n,
        nonce,
        gas: PAYOUT_GAS,
        gasPrice,
      });
      const hash = keccak256(raw);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into payout_attempts (withdrawal_id, chain_id, from_address, nonce, tx_hash, raw_tx, signed_block)
            values (${withdrawal.id}, ${chain.id}, ${from}, ${nonce}, ${hash}, ${raw}, ${round.head.toString()}::bigint)
            returning id::int`,
      );
      return {
        id: row?.id as number,
        withdrawal_id: withdrawal.id,
        tx_hash: hash,
        raw_tx: raw,
        status: 'signed' as const,
      };
    });
    if (!attempt) continue;
    report.signed++;
    await hooks.afterSign?.(attempt.tx_hash);
    await broadcast(db, chain, attempt, hooks, report);
  }
}

/**
 * The hot wallet's next nonce, taken in `tx` under the wallet's row lock (held to the end of `tx`, so
 * the transaction signed with it is stored before anyone takes the one after): the stored next one,
 * or the count mined at the pinned block if that is higher. Payouts and the solvency anchors
 * (transparency/solvency.ts) both take theirs here, so no two transactions of the key share one.
 */
export async function takeNonce(
  tx: Pick<Db, 'execute'>,
  chainId: number,
  from: string,
  mined: number,
): Promise<number> {
  await tx.execute(
    sql`insert into payout_wallets (chain_id, address, next_nonce) values (${chainId}, ${from}, ${mined})
        on conflict do nothing`,
  );
  const [wallet] = await queryRows<{ next_nonce: string }>(
    tx,
    sql`select next_nonce::text from payout_wallets where chain_id = ${chainId} and address = ${from} for update`,
  );
  // The chain's count is ahead only if the key signed elsewhere: those nonces are not ours to use.
  const nonce = Math.max(Number(wallet?.next_nonce), mined);
  await tx.execute(
    sql`update payout_wallets set next_nonce = ${nonce + 1} where chain_id = ${chainId} and address = ${from}`,
  );
  return nonce;
}

/** Sends a stored transaction (again); a node that already has it is not an error. */
export async function broadcast(
  db: Db,
  chain: Chain,
  attempt: Pick<LiveAttempt, 'id' | 'withdrawal_id' | 'tx_hash' | 'raw_tx' | 'status'>,
  hooks: PayoutHooks,
  report: PayoutReport,
) {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: attempt.raw_tx });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/already known|known transaction|already imported|nonce too low|nonce has already been used/i.test(message)) {
      await db.execute(
        sql`update payout_attempts set last_error = ${message.slice(0, 500)}, updated_at = now() where id = ${attempt.id}`,
      );
      return;
    }
  }
  await hooks.afterBroadcast?.(attempt.tx_hash);
  if (attempt.status === 'signed') await markSent(db, attempt);
  report.sent++;
}

export async function markSent(
  db: Pick<Db, 'execute'>,
  attempt: Pick<LiveAttempt, 'id' | 'withdrawal_id' | 'tx_hash'>,
) {
  const moved = await queryRows(
    db,
    sql`update payout_attempts set status = 'sent', updated_at = now() where id = ${attempt.id} and status = 'signed' returning id`,
  );
  if (moved.length) await addEvent(db, attempt.withdrawal_id, 'sent', 'payout', attempt.tx_hash);
}
