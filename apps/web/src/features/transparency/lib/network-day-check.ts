import { formatAmount, parseAmount } from '@minecloud/contract/amount';
import { compareDecimal } from '@minecloud/contract/decimal';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { networkDayRate } from '@minecloud/contract/network-day';
import type { DayOutput } from '../api/get-day-outputs';
import type { NetworkDayAnswer } from '../api/get-network-day';

/** The member's day: their hash rate × the recomputed rate, against what they were credited. */
export type MemberDayCheck = { hashRate: string; expected: string; credited: string; matches: boolean };

/** A network day recomputed from its blocks, here, with the contract's own formula (network-day.ts). */
export type NetworkDayCheck = {
  blocks: number;
  /** Satoshis. */
  subsidy: bigint;
  fees: bigint;
  /** Σ of the blocks' work, and whether it is the published one. */
  work: bigint;
  workMatches: boolean;
  /** BTC per TH/s before the pool fee, and whether it is the published one. */
  grossRate: string;
  grossMatches: boolean;
  /** The pool fee and the rate paid, and the rate the blocks give with that fee. */
  poolFee: string;
  paidRate: string;
  rate: string;
  rateMatches: boolean;
  /** Null for a visitor, or a member with nothing credited that day. */
  member: MemberDayCheck | null;
};

const sameRate = (a: string, b: string) => {
  try {
    return compareDecimal(a, b) === 0;
  } catch {
    return false;
  }
};

/**
 * Recomputes a day paid in the network mode from its published blocks: Σ subsidy + fees, Σ work, the
 * rate before and after the pool fee, and the member's output (hash rate × rate, rounded down to the
 * satoshi as settlement pays it). Null for a day without blocks or not paid from the network.
 */
export function checkNetworkDay(day: NetworkDayAnswer, mine: DayOutput | null | undefined): NetworkDayCheck | null {
  const settled = day.settled;
  if (settled?.output !== 'network') return null;
  const poolFee = settled.poolFee ?? '0';
  let recomputed: ReturnType<typeof networkDayRate>;
  try {
    recomputed = networkDayRate(
      day.blockList.map((block) => ({ bits: block.bits, subsidy: BigInt(block.subsidy), fees: BigInt(block.fees) })),
      poolFee,
    );
  } catch {
    return null;
  }
  if (!recomputed) return null;
  return {
    blocks: recomputed.blocks,
    subsidy: recomputed.subsidy,
    fees: recomputed.fees,
    work: recomputed.work,
    workMatches: String(recomputed.work) === day.work,
    grossRate: recomputed.grossRate,
    grossMatches: sameRate(recomputed.grossRate, day.btcPerTh),
    poolFee,
    paidRate: settled.rate,
    rate: recomputed.rate,
    rateMatches: sameRate(recomputed.rate, settled.rate),
    member: memberCheck(mine, recomputed.rate),
  };
}

function memberCheck(mine: DayOutput | null | undefined, rate: string): MemberDayCheck | null {
  const units = mine ? parseHashRate(mine.hashRate) : null;
  const credited = mine ? parseAmount(mine.btc, 'BTC') : null;
  if (!mine || !units || !credited?.ok) return null;
  const expected = dailySatoshis(units, rate);
  return {
    hashRate: mine.hashRate,
    expected: formatAmount(expected, 'BTC'),
    credited: formatAmount(credited.units, 'BTC'),
    matches: expected === credited.units,
  };
}

/** Satoshis as BTC text. */
export const satsText = (sats: bigint) => formatAmount(sats, 'BTC');
