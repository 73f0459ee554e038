import { unitsToDecimal } from './decimal.ts';

/**
 * What the Bitcoin network paid for hash rate on one settlement day, from the day's blocks, in exact
 * integer arithmetic: shared by the server (which settles with it), the Transparency page (which
 * recomputes any day in the browser) and the CLI (`npm run network:verify`). docs/economy.md, "Mining
 * output and settlement", says how the formula follows from proof of work.
 */

/** One block of a day, as Bitcoin Core's RPC gives it (getblockheader and getblockstats). */
export type NetworkBlock = {
  height: number;
  hash: string;
  /** The header's time, in seconds since 1970 (it decides the block's day). */
  time: number;
  /** The compact target, eight hex digits as getblockheader's `bits`. */
  bits: string;
  /** Satoshis: getblockstats' `subsidy` (the halving schedule's, `subsidyAt`). */
  subsidy: bigint;
  /** Satoshis: getblockstats' `totalfee`. */
  fees: bigint;
};

/** Blocks between halvings of the subsidy (Bitcoin Core, `consensus.nSubsidyHalvingInterval`). */
export const HALVING_INTERVAL = 210_000;
/** Blocks between difficulty adjustments (2 weeks of 10 minutes: `nPowTargetTimespan / nPowTargetSpacing`). */
export const RETARGET_INTERVAL = 2016;
/** Seconds a block is meant to take (`nPowTargetSpacing`). */
export const TARGET_SPACING = 600;
/** The subsidy of the first era, 50 BTC, in satoshis. */
export const FIRST_SUBSIDY = 50n * 100_000_000n;
/** The easiest target mainnet allows (`powLimit`), which is also difficulty 1: bits 1d00ffff. */
export const POW_LIMIT_BITS = '1d00ffff';
/** Hashes one TH/s does in a day. */
export const HASHES_PER_TH_DAY = 86_400n * 10n ** 12n;
/** Places of BTC the day's rate keeps (a ten-millionth of a satoshi): members' outputs round down, not the rate. */
export const RATE_PLACES = 16;

const TWO_256 = 1n << 256n;

/** The subsidy at `height` in satoshis: 50 BTC halved every 210,000 blocks, none after 64 halvings. */
export function subsidyAt(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL);
  return halvings >= 64 ? 0n : FIRST_SUBSIDY >> BigInt(halvings);
}

/** The target a compact `bits` stands for (Bitcoin Core's `SetCompact`); throws on a negative or overflowing one. */
export function targetOfBits(bits: string): bigint {
  if (!/^[0-9a-f]{8}$/i.test(bits)) throw new Error(`not compact bits: ${bits}`);
  const compact = Number.parseInt(bits, 16);
  const size = compact >>> 24;
  const word = BigInt(compact & 0x007fffff);
  if (word !== 0n && (compact & 0x00800000) !== 0) throw new Error(`negative target: ${bits}`);
  const target = size <= 3 ? word >> BigInt(8 * (3 - size)) : word << BigInt(8 * (size - 3));
  if (target === 0n || target >= TWO_256) throw new Error(`target out of range: ${bits}`);
  return target;
}

/** The compact `bits` of a target (Bitcoin Core's `GetCompact`), eight lower-case hex digits. */
export function bitsOfTarget(target: bigint): string {
  let size = (target.toString(16).length + 1) >> 1;
  let word = size <= 3 ? target << BigInt(8 * (3 - size)) : target >> BigInt(8 * (size - 3));
  // The top bit of the word is a sign: a word that would set it takes one byte more.
  if (word & 0x00800000n) {
    word >>= 8n;
    size += 1;
  }
  return ((BigInt(size) << 24n) | word).toString(16).padStart(8, '0');
}

/**
 * The hashes a block of these `bits` takes on average, as Bitcoin Core counts it into `chainwork`
 * (`GetBlockProof`): 2²⁵⁶ ÷ (target + 1), rounded down. It is what difficulty × 2³² approximates.
 */
export function workOfBits(bits: string): bigint {
  return TWO_256 / (targetOfBits(bits) + 1n);
}

/**
 * The difficulty of `bits` (the powLimit's target ÷ this target), truncated to `places` decimals: what
 * getblockheader shows as `difficulty`, here without a float.
 */
export function difficultyOfBits(bits: string, places = 2): string {
  const scale = 10n ** BigInt(places);
  return unitsToDecimal((targetOfBits(POW_LIMIT_BITS) * scale) / targetOfBits(bits), places);
}

/** A day's totals and what one TH/s earned in it. Amounts in satoshis, rates in BTC per TH/s per day. */
export type NetworkDayRate = {
  blocks: number;
  subsidy: bigint;
  fees: bigint;
  /** Σ of each block's work: the hashes the network did for the day's blocks (a chainwork difference). */
  work: bigint;
  /** What one TH/s earned before the pool fee, rounded down to RATE_PLACES. */
  grossRate: string;
  /** After the pool fee (a decimal rate from 0 to 1), rounded down to RATE_PLACES: what settlement pays by. */
  rate: string;
};

/** A decimal rate from 0 to 1 ("0.02") as a fraction of integers. */
function fractionOf(rate: string): { numerator: bigint; denominator: bigint } {
  const match = /^(0|1)(?:\.(\d{1,18}))?$/.exec(rate);
  const numerator = match ? BigInt(`${match[1]}${match[2] ?? ''}`) : -1n;
  const denominator = 10n ** BigInt(match?.[2]?.length ?? 0);
  if (numerator < 0n || numerator > denominator) throw new Error(`not a rate from 0 to 1: ${rate}`);
  return { numerator, denominator };
}

/**
 * What one TH/s earned on a day of these blocks: its share of the work the network did for them
 * (86,400 × 10¹² hashes ÷ Σ work) of everything they paid (Σ subsidy + fees), less the pool fee,
 * rounded down to RATE_PLACES of BTC. A member's output is their effective hash rate × `rate`,
 * rounded down to the satoshi, so the members together never earn more than the blocks paid while
 * their hash rate is at most the network's (Σ work ÷ 86,400 s). Null for a day without blocks.
 */
export function networkDayRate(
  blocks: readonly Pick<NetworkBlock, 'bits' | 'subsidy' | 'fees'>[],
  poolFee: string,
): NetworkDayRate | null {
  if (blocks.length === 0) return null;
  const fee = fractionOf(poolFee);
  let subsidy = 0n;
  let fees = 0n;
  let work = 0n;
  for (const block of blocks) {
    if (block.subsidy < 0n || block.fees < 0n) throw new Error('negative block reward');
    subsidy += block.subsidy;
    fees += block.fees;
    work += workOfBits(block.bits);
  }
  // BTC × 10^RATE_PLACES = satoshis × 10^(RATE_PLACES − 8).
  const paid = (subsidy + fees) * HASHES_PER_TH_DAY * 10n ** BigInt(RATE_PLACES - 8);
  const gross = paid / work;
  const net = (paid * (fee.denominator - fee.numerator)) / (work * fee.denominator);
  return {
    blocks: blocks.length,
    subsidy,
    fees,
    work,
    grossRate: unitsToDecimal(gross, RATE_PLACES),
    rate: unitsToDecimal(net, RATE_PLACES),
  };
}
