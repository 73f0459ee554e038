import { formatAmount } from '@minecloud/contract/amount';
import {
  type Deposit,
  type DepositReason,
  type DepositStatus,
  TX_HASH_PATTERN,
  type WithdrawAsset,
} from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { erc20Abi, type Hex, parseEventLogs, type TransactionReceipt } from 'viem';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { fail } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { assetOfToken, type Chain, fromChainUnits, receiptOf } from './chain.ts';

/**
 * Deposits by transaction hash (docs/economy.md, "Withdrawals and deposits"): credited once, after
 * `chain.confirmations`, only for a transfer of one of our tokens from the member's own (sign-in)
 * wallet to the deposit address. Several members may submit one hash; only the sender's submission
 * can match, and the ledger key `deposit:<chain>:<hash>:<asset>` credits it once whatever happens.
 */

/** A hash never found on chain is given up after this long. */
export const DEPOSIT_NOT_FOUND_AFTER_MS = 24 * 3600_000;

type DepositRow = {
  id: string;
  user_id: string;
  member_address: string;
  tx_hash: Hex;
  asset: WithdrawAsset | null;
  amount: string | null;
  status: DepositStatus;
  reason: DepositReason | null;
  confirmations: number | null;
  created_at: string;
  credited_at: string | null;
};

const SELECT = sql`select d.id::text, d.user_id::text, u.address as member_address, d.tx_hash, d.asset, d.amount::text,
  d.status, d.reason, d.confirmations, d.created_at::text, d.credited_at::text
  from deposits d join users u on u.id = d.user_id`;

function view(row: DepositRow, required: number): Deposit {
  return {
    id: row.id,
    txHash: row.tx_hash,
    asset: row.asset,
    amount: row.asset && row.amount !== null ? formatAmount(BigInt(row.amount), row.asset) : null,
    status: row.status,
    reason: row.reason,
    confirmations: row.confirmations,
    requiredConfirmations: required,
    createdAt: isoTime(row.created_at) as string,
    creditedAt: isoTime(row.credited_at),
  };
}

export function depositsOpen(chain: Chain | null): chain is Chain {
  return Boolean(chain?.depositAddress && Object.keys(chain.tokens).length);
}

/** A member submits a hash: recorded once per member, checked at once, answered with its state. */
export async function submitDeposit(db: Db, chain: Chain | null, userId: AuthorizedUserId, text: string, now: Date) {
  if (!depositsOpen(chain)) return fail('depositsUnavailable');
  if (!TX_HASH_PATTERN.test(text)) return fail('txHashInvalid');
  const hash = text.toLowerCase();
  await db.execute(
    sql`insert into deposits (user_id, chain_id, tx_hash, created_at) values (${userId}, ${chain.id}, ${hash}, ${now.toISOString()})
        on conflict on constraint deposits_user_hash
        do update set status = 'confirming', reason = null, created_at = excluded.created_at
          where deposits.status = 'rejected' and deposits.reason = 'notFound'`,
  );
  const find = async () =>
    (
      await queryRows<DepositRow>(
        db,
        sql`${SELECT} where d.user_id = ${userId} and d.chain_id = ${chain.id} and d.tx_hash = ${hash}`,
      )
    )[0] as DepositRow;
  const required = await getSetting(db, 'chain.confirmations');
  const row = await find();
  if (row.status === 'confirming') {
    // The chain may be slow or down: the worker looks again; the member sees the state either way.
    await checkDeposit(db, chain, row, now, required).catch(() => undefined);
  }
  return view(await find(), required);
}

export async function memberDeposits(db: Db, userId: AuthorizedUserId, page: { pageNo: number; pageSize: number }) {
  const [rows, count, required] = await Promise.all([
    queryRows<DepositRow>(
      db,
      sql`${SELECT} where d.user_id = ${userId} order by ${newestFirst('d', 'created_at')} ${pageClause(page)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from deposits where user_id = ${userId}`),
    getSetting(db, 'chain.confirmations'),
  ]);
  return { list: rows.map((row) => view(row, required)), total: Number(count[0]?.total ?? 0) };
}

/** The worker's pass over every deposit still confirming. */
export async function runDeposits(db: Db, chain: Chain | null, now: Date) {
  const report = { checked: 0, credited: 0, rejected: 0 };
  if (!depositsOpen(chain)) return report;
  const rows = await queryRows<DepositRow>(
    db,
    sql`${SELECT} where d.status = 'confirming' and d.chain_id = ${chain.id} order by d.id limit 200`,
  );
  if (rows.length === 0) return report;
  const required = await getSetting(db, 'chain.confirmations');
  for (const row of rows) {
    const outcome = await checkDeposit(db, chain, row, now, required);
    report.checked++;
    if (outcome === 'credited') report.credited++;
    if (outcome === 'rejected') report.rejected++;
  }
  return report;
}

/** What a receipt pays the member: one asset and its sum, or why it pays nothing. */
function matchTransfers(
  chain: Chain,
  receipt: TransactionReceipt,
  memberAddress: string,
): { reason: DepositReason } | { asset: WithdrawAsset; value: bigint } {
  if (receipt.status !== 'success') return { reason: 'failedOnChain' };
  const platform = chain.depositAddress?.toLowerCase();
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter(
    (log) => log.args.to.toLowerCase() === platform,
  );
  if (transfers.length === 0) return { reason: 'notToPlatform' };
  const ours = transfers.filter((log) => assetOfToken(chain, log.address));
  if (ours.length === 0) return { reason: 'unsupportedToken' };
  const fromMember = ours.filter((log) => log.args.from.toLowerCase() === memberAddress.toLowerCase());
  if (fromMember.length === 0) return { reason: 'notFromYourWallet' };
  const assets = new Set(fromMember.map((log) => assetOfToken(chain, log.address)));
  if (assets.size > 1) return { reason: 'mixedTokens' };
  const asset = [...assets][0] as WithdrawAsset;
  return { asset, value: fromMember.reduce((sum, log) => sum + log.args.value, 0n) };
}

async function reject(db: Db, id: string, reason: DepositReason) {
  await db.execute(
    sql`update deposits set status = 'rejected', reason = ${reason}, checked_at = now() where id = ${id} and status = 'confirming'`,
  );
  return 'rejected' as const;
}

async function checkDeposit(db: Db, chain: Chain, row: DepositRow, now: Date, required: number) {
  const receipt = await receiptOf(chain, row.tx_hash);
  if (!receipt) {
    if (now.getTime() - new Date(row.created_at).getTime() > DEPOSIT_NOT_FOUND_AFTER_MS) {
      return reject(db, row.id, 'notFound');
    }
    await db.execute(sql`update deposits set checked_at = now() where id = ${row.id}`);
    return 'waiting' as const;
  }
  const match = matchTransfers(chain, receipt, row.member_address);
  if ('reason' in match) return reject(db, row.id, match.reason);
  const decimals = await chain.decimals(match.asset);
  const units = fromChainUnits(match.value, match.asset, decimals);
  if (units === 0n) return reject(db, row.id, 'tooSmall');
  const head = await chain.client.getBlockNumber();
  const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber) + 1 : 0;
  const figures = sql`asset = ${match.asset}, amount = ${units.toString()}::bigint, chain_amount = ${match.value.toString()},
    block_number = ${Number(receipt.blockNumber)}, confirmations = ${confirmations}, checked_at = now()`;
  if (confirmations < required) {
    await db.execute(sql`update deposits set ${figures} where id = ${row.id} and status = 'confirming'`);
    return 'waiting' as const;
  }
  return db
    .transaction(async (tx) => {
      const [transferId] = await post(tx, {
        asset: match.asset,
        from: systemAccount('deposit'),
        to: userAccount(Number(row.user_id)),
        amount: units,
        kind: 'deposit',
        reference: `deposit:${row.id}`,
        idempotencyKey: `deposit:${chain.id}:${row.tx_hash}:${match.asset}`,
      });
      const credited = await queryRows(
        tx,
        sql`update deposits set ${figures}, status = 'credited', transfer_id = ${transferId}, credited_at = now()
          where id = ${row.id} and status = 'confirming' returning id`,
      );
      // Another worker credited it first: this transaction's transfer must not stay.
      if (credited.length === 0) throw new DepositRace();
      return 'credited' as const;
    })
    .catch((error: unknown) => {
      // Credited by a concurrent check: its ledger key (or its status update) won.
      if (error instanceof DepositRace || pgErrorOf(error)?.code === UNIQUE_VIOLATION) return 'waiting' as const;
      throw error;
    });
}

class DepositRace extends Error {}
