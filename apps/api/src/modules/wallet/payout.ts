import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, type Hex, keccak256 } from 'viem';
import { type Db, queryRows } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { transfer } from '../../ledger/transfer.ts';
import { getSetting } from '../config/settings.ts';
import {
  type Chain,
  minedNonceAt,
  type NonceFate,
  nonceFate,
  type PinnedBlock,
  pinBlock,
  receiptOf,
  toChainUnits,
} from './chain.ts';
import { addEvent } from './withdrawals.ts';

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
 */

/** Gas for one ERC-20 transfer, fixed: estimating would refuse a transfer the chain would revert. */
export const PAYOUT_GAS = 100_000n;
/** Transactions reverted on chain before a withdrawal waits for an operator (payout_failed). */
export const MAX_PAYOUT_ATTEMPTS = 3;
/**
 * Rounds in which a live transaction's nonce was used by the pinned block but the chain could not
 * show by what (no receipt and no block evidence) before its withdrawal waits for an operator
 * (payout_unclear). The worker goes on following it meanwhile: a receipt still settles it.
 */
export const PAYOUT_UNCLEAR_ROUNDS = 10;

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

type LiveAttempt = {
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

const LIVE = sql`('signed','sent','mined')`;
/** A withdrawal whose transaction is out: being paid, or waiting for an operator to look it up. */
const PAYING = sql`('paying','payout_unclear')`;

/**
 * One round's view of the chain: the head, the confirmations required, and (read once, when a
 * question needs it) the block pinned `confirmations` deep with the hot wallet's count there.
 */
type Pinned = { block: PinnedBlock; mined: number } | { block: null; why: string };
type Round = {
  head: bigint;
  required: number;
  pinned(): Promise<Pinned>;
  /** Why a question needed the pinned block and could not have it: said in the log at the end. */
  unpinned?: string;
};

async function newRound(db: Db, chain: Chain): Promise<Round> {
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

export async function runPayouts(db: Db, chain: Chain | null, hooks: PayoutHooks = {}): Promise<PayoutReport> {
  const report: PayoutReport = { signed: 0, sent: 0, arrived: 0, reverted: 0, dropped: 0, unclear: 0 };
  if (!chain?.payer) return report;
  const round = await newRound(db, chain);
  await followAttempts(db, chain, round, hooks, report);
  await startPayouts(db, chain, round, hooks, report);
  if (round.unpinned) throw new Error(`payouts wait: ${round.unpinned.slice(0, 300)}`);
  return report;
}

/** Sends a stored transaction (again); a node that already has it is not an error. */
async function broadcast(
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

async function markSent(db: Pick<Db, 'execute'>, attempt: Pick<LiveAttempt, 'id' | 'withdrawal_id' | 'tx_hash'>) {
  const moved = await queryRows(
    db,
    sql`update payout_attempts set status = 'sent', updated_at = now() where id = ${attempt.id} and status = 'signed' returning id`,
  );
  if (moved.length) await addEvent(db, attempt.withdrawal_id, 'sent', 'payout', attempt.tx_hash);
}

/**
 * Signs and sends a transaction for every approved withdrawal. The nonce is the stored next one,
 * or the count mined at the pinned block if that is higher (the key signed elsewhere). Never the
 * node's `pending` count: a node whose pool holds transactions that never mine answers too high,
 * and a payout signed past a gap waits behind it for ever.
 */
async function startPayouts(db: Db, chain: Chain, round: Round, hooks: PayoutHooks, report: PayoutReport) {
  const payer = chain.payer as NonNullable<Chain['payer']>;
  const approved = await queryRows<{ id: number; asset: WithdrawAsset; amount: string; fee: string; address: Address }>(
    db,
    sql`select id::int, asset, amount::text, fee::text, address from withdrawals where status = 'approved' order by id limit 50`,
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
      const [still] = await queryRows(
        tx,
        sql`select 1 from withdrawals where id = ${withdrawal.id} and status = 'approved' for update`,
      );
      if (!still) return null;
      await tx.execute(
        sql`insert into payout_wallets (chain_id, address, next_nonce) values (${chain.id}, ${from}, ${mined})
            on conflict do nothing`,
      );
      const [wallet] = await queryRows<{ next_nonce: string }>(
        tx,
        sql`select next_nonce::text from payout_wallets where chain_id = ${chain.id} and address = ${from} for update`,
      );
      // The chain's count is ahead only if the key signed elsewhere: those nonces are not ours to use.
      const nonce = Math.max(Number(wallet?.next_nonce), mined);
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
      await tx.execute(
        sql`update payout_wallets set next_nonce = ${nonce + 1} where chain_id = ${chain.id} and address = ${from}`,
      );
      await tx.execute(sql`update withdrawals set status = 'paying' where id = ${withdrawal.id}`);
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

/** Looks at every live transaction: confirmations, arrival, a revert, a drop, or sends it again. */
async function followAttempts(db: Db, chain: Chain, round: Round, hooks: PayoutHooks, report: PayoutReport) {
  const live = await queryRows<LiveAttempt>(
    db,
    sql`select a.id::int, a.withdrawal_id::int, a.nonce::int, a.tx_hash, a.raw_tx, a.status, a.signed_block::text,
          w.user_id::int, w.asset, w.amount::text, w.fee::text
        from payout_attempts a join withdrawals w on w.id = a.withdrawal_id
        where a.chain_id = ${chain.id} and a.status in ${LIVE} order by a.nonce`,
  );
  if (live.length === 0) return;
  const { head, required } = round;
  for (const attempt of live) {
    const receipt = await receiptOf(chain, attempt.tx_hash);
    if (receipt) {
      if (attempt.status === 'signed') await markSent(db, attempt);
      if (receipt.status === 'reverted') {
        if (await markReverted(db, attempt)) report.reverted++;
        continue;
      }
      const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber) + 1 : 0;
      if (confirmations >= required) {
        if (await settleArrived(db, attempt, Number(receipt.blockNumber), confirmations)) report.arrived++;
      } else {
        await db.execute(
          sql`update payout_attempts set status = 'mined', block_number = ${Number(receipt.blockNumber)},
                confirmations = ${confirmations}, updated_at = now()
              where id = ${attempt.id} and status in ${LIVE}`,
        );
      }
      continue;
    }
    if (attempt.status === 'mined') {
      // Its block left the chain (a reorganisation): it is pending again, or will be once re-sent.
      await db.execute(
        sql`update payout_attempts set status = 'sent', block_number = null, confirmations = null, updated_at = now()
            where id = ${attempt.id} and status = 'mined'`,
      );
    }
    const fate = await fateOf(chain, round, attempt);
    // Without the pinned block nothing is known of this payout: nothing counts, it is sent again.
    if (fate.kind === 'unpinned') {
      await broadcast(db, chain, attempt, hooks, report);
      continue;
    }
    if (fate.kind === 'replaced') {
      if (await markDropped(db, attempt, fate)) report.dropped++;
      continue;
    }
    if (fate.kind !== 'open' && (await noteUnclear(db, attempt, fate))) report.unclear++;
    // The very same transaction again: it can be mined once at most, whatever happened to it.
    await broadcast(db, chain, attempt, hooks, report);
  }
}

/** The fate of a live transaction's nonce at the pinned block, or `unpinned` this round. */
async function fateOf(chain: Chain, round: Round, attempt: LiveAttempt): Promise<NonceFate | { kind: 'unpinned' }> {
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

/**
 * The nonce is used (or cannot be checked) and the chain does not show our receipt: one more
 * unclear round; after PAYOUT_UNCLEAR_ROUNDS the withdrawal waits for an operator. True when it
 * moved to payout_unclear now.
 */
async function noteUnclear(db: Db, attempt: LiveAttempt, fate: Exclude<NonceFate, { kind: 'open' | 'replaced' }>) {
  const why = fate.kind === 'ours' ? `mined in block ${fate.blockNumber}, receipt not found` : fate.reason;
  return db.transaction(async (tx) => {
    const [counted] = await queryRows<{ rounds: number }>(
      tx,
      sql`update payout_attempts set unclear_rounds = unclear_rounds + 1, last_error = ${`unclear: ${why}`.slice(0, 500)},
            updated_at = now()
          where id = ${attempt.id} and status in ${LIVE} returning unclear_rounds as rounds`,
    );
    if (!counted || counted.rounds < PAYOUT_UNCLEAR_ROUNDS) return false;
    const held = await queryRows(
      tx,
      sql`update withdrawals set status = 'payout_unclear' where id = ${attempt.withdrawal_id} and status = 'paying'
          returning id`,
    );
    return held.length > 0;
  });
}

/** Confirmed: the attempt, the withdrawal and the ledger move together, once. */
async function settleArrived(db: Db, attempt: LiveAttempt, blockNumber: number, confirmations: number) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'confirmed', block_number = ${blockNumber}, confirmations = ${confirmations},
            updated_at = now()
          where id = ${attempt.id} and status in ${LIVE} returning id`,
    );
    if (moved.length === 0) return false;
    const arrived = await queryRows(
      tx,
      sql`update withdrawals set status = 'arrived', arrived_at = now()
          where id = ${attempt.withdrawal_id} and status in ${PAYING} returning id`,
    );
    if (arrived.length === 0) throw new Error(`withdrawal ${attempt.withdrawal_id} confirmed on chain but not paying`);
    const amount = BigInt(attempt.amount);
    const fee = BigInt(attempt.fee);
    const reference = `withdrawal:${attempt.withdrawal_id}`;
    await transfer(tx, {
      asset: attempt.asset,
      from: userAccount(attempt.user_id, 'locked'),
      to: systemAccount('payout'),
      amount: amount - fee,
      kind: 'withdraw_payout',
      reference,
      idempotencyKey: `${reference}:payout`,
    });
    if (fee > 0n) {
      await transfer(tx, {
        asset: attempt.asset,
        from: userAccount(attempt.user_id, 'locked'),
        to: systemAccount('treasury'),
        amount: fee,
        kind: 'withdraw_fee',
        reference,
        idempotencyKey: `${reference}:fee`,
      });
    }
    await addEvent(tx, attempt.withdrawal_id, 'confirmed', 'payout', attempt.tx_hash);
    return true;
  });
}

/** Reverted on chain (it moved nothing): pay again, or after too many, wait for an operator. */
async function markReverted(db: Db, attempt: LiveAttempt) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'reverted', updated_at = now() where id = ${attempt.id} and status in ${LIVE}
          returning id`,
    );
    if (moved.length === 0) return false;
    await addEvent(tx, attempt.withdrawal_id, 'reverted', 'payout', attempt.tx_hash);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from payout_attempts where withdrawal_id = ${attempt.withdrawal_id} and status = 'reverted'`,
    );
    const next = (count?.n ?? 0) >= MAX_PAYOUT_ATTEMPTS ? 'payout_failed' : 'approved';
    await tx.execute(
      sql`update withdrawals set status = ${next} where id = ${attempt.withdrawal_id} and status in ${PAYING}`,
    );
    return true;
  });
}

/**
 * Its nonce went to another transaction, mined at or before the pinned (confirmed) block: this one
 * can never be mined; pay again.
 */
async function markDropped(db: Db, attempt: LiveAttempt, fate: { by: Hex; blockNumber: bigint }) {
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`update payout_attempts set status = 'dropped', updated_at = now(),
            last_error = ${`nonce taken by ${fate.by} in block ${fate.blockNumber}`}
          where id = ${attempt.id} and status in ${LIVE} returning id`,
    );
    if (moved.length === 0) return false;
    await tx.execute(
      sql`update withdrawals set status = 'approved' where id = ${attempt.withdrawal_id} and status in ${PAYING}`,
    );
    return true;
  });
}
