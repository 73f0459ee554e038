import { type Asset, formatAmount } from '@minecloud/contract/amount';
import { chainFacts } from '@minecloud/contract/chains';
import {
  commitmentOf,
  ON_CHAIN_ASSETS,
  type ReserveAddress,
  reserveMessage,
  type SolvencyAnswer,
  type SolvencyAsset,
  type SolvencyDay,
  solvencyRatio,
  tokenAmount,
} from '@minecloud/contract/solvency';
import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, erc20Abi, type Hex, hexToBigInt, keccak256 } from 'viem';
import { advisoryKey, type Db, queryRows } from '../../db/client.ts';
import { addDays, dayOf } from '../../lib/calendar.ts';
import { getSetting } from '../config/settings.ts';
import { type Chain, minedNonceAt, pinBlock, receiptOf } from '../wallet/chain.ts';
import { takeNonce } from '../wallet/payout-send.ts';

/**
 * Proof of solvency (docs/economy.md, "Transparency"). Once a day's liabilities are published, the
 * chain follower reads what the platform's addresses hold at one block (`chain.confirmations` deep,
 * so it cannot be reorganised away), has the hot wallet sign the day's message (cold addresses
 * signed offline, uploaded in the console), and publishes the day with a commitment chained to the
 * previous day's. The commitment is written on chain by a transaction from the hot wallet to itself
 * whose data is the 32-byte hash; its nonce comes from the payout counter (`payout_wallets`) under
 * the same row lock, so payouts and anchors never take each other's nonce, and the raw transaction
 * is stored before it is sent and sent again until it is mined, so a payout never waits behind a
 * lost anchor.
 */

/** Gas for the anchor: 21,000 plus 16 per non-zero data byte (32 of them at most), with room. */
export const ANCHOR_GAS = 30_000n;

type Body = Omit<SolvencyDay, 'commitment' | 'previous' | 'anchor' | 'publishedAt'>;

export type SolvencyReport = { published: string | null; anchored: number; resent: number };

/**
 * One step of the chain follower: follows the anchors still unmined, then publishes the newest
 * liabilities day if it is newer than the newest published one and not older than the day just
 * ended (settlement time zone). Days missed while no follower ran, and days whose liabilities the
 * jobs' catch-up took late (jobs/catch-up.ts), are not published: their reserves can no longer be
 * read as they were, and today's balances are not theirs.
 */
export async function runSolvency(db: Db, chain: Chain | null, now: Date): Promise<SolvencyReport> {
  const report: SolvencyReport = { published: null, anchored: 0, resent: 0 };
  if (!chain?.payer) return report;
  await followAnchors(db, chain, report);
  const readable = addDays(dayOf(now, await getSetting(db, 'settlement.timeZone')), -1);
  const [due] = await queryRows<{ day: string }>(
    db,
    sql`select max(day)::text as day from liability_snapshots
        having max(day) > coalesce((select max(day) from solvency_snapshots), '-infinity'::date)
          and max(day) >= ${readable}::date`,
  );
  if (!due?.day) return report;
  const published = await publishDay(db, chain, due.day, now);
  if (published) {
    report.published = due.day;
    await sendAnchor(db, chain, published);
  }
  return report;
}

/** The newest block with the confirmations required, and every reserve's balance there. */
async function readReserves(db: Db, chain: Chain, day: string) {
  const payer = chain.payer as NonNullable<Chain['payer']>;
  const hot = payer.address.toLowerCase();
  const [head, confirmations] = await Promise.all([
    chain.client.getBlockNumber(),
    getSetting(db, 'chain.confirmations'),
  ]);
  const pinned = await pinBlock(chain, head, confirmations);
  if (!pinned) throw new Error(`solvency waits: block ${head} - ${confirmations} is not available`);
  const cold = await queryRows<{ address: string; label: string; signature: string }>(
    db,
    sql`select a.address, a.label, s.signature from reserve_addresses a
        join reserve_signatures s on s.address = a.address and s.day = ${day}::date and s.chain_id = ${chain.id}
        where a.removed_at is null and a.address <> ${hot} order by a.address`,
  );
  const hotSignature = await payer.signMessage({ message: reserveMessage(chain.id, hot, day) });
  const signers = [
    // No label: the app names the kind in the reader's language.
    { address: hot, kind: 'hot' as const, label: '', signature: hotSignature.toLowerCase() },
    ...cold.map((c) => ({ ...c, kind: 'cold' as const, signature: c.signature.toLowerCase() })),
  ];
  const reserves = new Map<Asset, NonNullable<SolvencyAsset['reserves']>>();
  for (const asset of ON_CHAIN_ASSETS) {
    const token = chain.tokens[asset];
    if (!token) continue;
    const decimals = await chain.decimals(asset);
    const addresses: ReserveAddress[] = [];
    for (const signer of signers) {
      const units = await balanceAt(chain, token, signer.address as Address, pinned.number);
      addresses.push({ ...signer, balanceUnits: units.toString(), balance: tokenAmount(units, decimals) });
    }
    const total = addresses.reduce((sum, a) => sum + BigInt(a.balanceUnits), 0n);
    reserves.set(asset, {
      token: token.toLowerCase(),
      decimals,
      totalUnits: total.toString(),
      total: tokenAmount(total, decimals),
      addresses,
    });
  }
  return { block: { number: pinned.number.toString(), hash: pinned.hash.toLowerCase() }, reserves, pinned };
}

/**
 * `who`'s balance of `token` at block `number`. A token deployed after that block has no code there
 * and answers no data: nothing was held of it then (members' verifiers read it the same way).
 */
async function balanceAt(chain: Chain, token: Address, who: Address, number: bigint): Promise<bigint> {
  const { data } = await chain.client.call({
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    blockNumber: number,
  });
  return !data || data === '0x' ? 0n : hexToBigInt(data);
}

type Published = { day: string; commitment: string; nonce: number; raw: Hex; hash: Hex };

/** Publishes `day` and signs its anchor, in one transaction; null if another follower did it first. */
async function publishDay(db: Db, chain: Chain, day: string, now: Date): Promise<Published | null> {
  const read = await readReserves(db, chain, day);
  const [gasPrice, mined] = await Promise.all([
    chain.client.getGasPrice(),
    minedNonceAt(chain, (chain.payer as NonNullable<Chain['payer']>).address, read.pinned),
  ]);
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${advisoryKey('solvency')}::bigint) as ok`,
    );
    if (!lock?.ok) return null;
    const [newest] = await queryRows<{ day: string; commitment: string }>(
      tx,
      sql`select day::text, commitment from solvency_snapshots order by day desc limit 1`,
    );
    if (newest && newest.day >= day) return null;
    const roots = await queryRows<{ asset: Asset; root_hash: string; total: string; members: number }>(
      tx,
      sql`select asset, root_hash, total::text, members from liability_snapshots where day = ${day}::date
          order by case asset when 'GOLD' then 0 when 'USDT' then 1 else 2 end`,
    );
    const assets: SolvencyAsset[] = roots.map((r) => {
      const reserves = read.reserves.get(r.asset) ?? null;
      const liabilities = {
        root: r.root_hash,
        totalUnits: r.total,
        total: formatAmount(BigInt(r.total), r.asset),
        members: r.members,
      };
      if (!reserves || r.asset === 'GOLD')
        return { asset: r.asset, liabilities, reserves: null, ratio: null, covered: null };
      const { ratio, covered } = solvencyRatio(
        BigInt(reserves.totalUnits),
        reserves.decimals,
        BigInt(r.total),
        r.asset as (typeof ON_CHAIN_ASSETS)[number],
      );
      return { asset: r.asset, liabilities, reserves, ratio, covered };
    });
    const body: Body = { day, chainId: chain.id, block: read.block, assets };
    const previous = newest?.commitment ?? null;
    const commitment = commitmentOf({ ...body, previous });
    const payer = chain.payer as NonNullable<Chain['payer']>;
    const from = payer.address.toLowerCase();
    // The anchor's nonce comes from the payouts' counter, under its lock.
    const nonce = await takeNonce(tx, chain.id, from, mined);
    const raw = await payer.signTransaction({
      type: 'legacy',
      chainId: chain.id,
      to: payer.address,
      data: `0x${commitment}`,
      value: 0n,
      nonce,
      gas: ANCHOR_GAS,
      gasPrice,
    });
    const hash = keccak256(raw);
    await tx.execute(
      sql`insert into solvency_snapshots
            (day, chain_id, body, commitment, previous, anchor_from, anchor_nonce, anchor_tx_hash, anchor_raw, published_at)
          values (${day}::date, ${chain.id}, ${JSON.stringify(body)}::jsonb, ${commitment}, ${previous}, ${from},
            ${nonce}, ${hash}, ${raw}, ${now.toISOString()})`,
    );
    return { day, commitment, nonce, raw, hash };
  });
}

/** Sends a stored anchor (again); a node that already has it is not an error. */
async function sendAnchor(db: Db, chain: Chain, anchor: { day: string; raw: Hex }): Promise<boolean> {
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: anchor.raw });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/already known|known transaction|already imported|nonce too low|nonce has already been used/i.test(message))
      return true;
    await db.execute(
      sql`update solvency_snapshots set anchor_error = ${message.slice(0, 500)} where day = ${anchor.day}::date`,
    );
    return false;
  }
}

/** Marks mined anchors with their block; sends the others again (a node may have dropped them). */
async function followAnchors(db: Db, chain: Chain, report: SolvencyReport) {
  const open = await queryRows<{ day: string; tx_hash: Hex; raw: Hex }>(
    db,
    sql`select day::text, anchor_tx_hash as tx_hash, anchor_raw as raw from solvency_snapshots
        where anchor_tx_hash is not null and anchor_block is null order by day`,
  );
  for (const anchor of open) {
    const receipt = await receiptOf(chain, anchor.tx_hash);
    if (receipt) {
      // A transfer of nothing to itself cannot revert; if a node says it did, an operator must look.
      await db.execute(
        receipt.status === 'success'
          ? sql`update solvency_snapshots set anchor_block = ${receipt.blockNumber.toString()}::bigint, anchor_error = null
                where day = ${anchor.day}::date and anchor_block is null`
          : sql`update solvency_snapshots set anchor_error = 'reverted' where day = ${anchor.day}::date`,
      );
      if (receipt.status === 'success') report.anchored++;
      continue;
    }
    if (await sendAnchor(db, chain, anchor)) report.resent++;
  }
}

type SnapshotRow = {
  body: Body;
  commitment: string;
  previous: string | null;
  anchor_from: string | null;
  anchor_tx_hash: string | null;
  anchor_block: string | null;
  published_at: Date | string;
};

/** The public answer: the newest `days` published days, newest first, with the chain's facts. */
export async function solvencyAnswer(
  db: Db,
  days: number,
  chain: { id: number; publicRpcUrl: string | null },
): Promise<SolvencyAnswer> {
  const rows = await queryRows<SnapshotRow>(
    db,
    sql`select body, commitment, previous, anchor_from, anchor_tx_hash, anchor_block::text, published_at
        from solvency_snapshots order by day desc limit ${days}`,
  );
  const facts = chainFacts(chain.id);
  return {
    list: rows.map((r) => ({
      ...(typeof r.body === 'string' ? (JSON.parse(r.body) as Body) : r.body),
      commitment: r.commitment,
      previous: r.previous,
      anchor: r.anchor_tx_hash
        ? { txHash: r.anchor_tx_hash, from: r.anchor_from as string, blockNumber: r.anchor_block }
        : null,
      publishedAt: new Date(r.published_at).toISOString(),
    })),
    chain: { id: facts.id, name: facts.name, explorer: facts.explorer, rpcUrl: chain.publicRpcUrl },
  };
}
