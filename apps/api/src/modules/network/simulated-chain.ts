import { createHash } from 'node:crypto';
import {
  bitsOfTarget,
  type NetworkBlock,
  POW_LIMIT_BITS,
  RETARGET_INTERVAL,
  subsidyAt,
  TARGET_SPACING,
  targetOfBits,
  workOfBits,
} from '@minecloud/contract/network-day';
import { type NetworkSource, seconds } from './source.ts';

/**
 * The demo's chain: deterministic, made up, and labelled "simulated" wherever it shows. It follows
 * Bitcoin's rules (the difficulty adjusts every 2016 blocks to the time they took, at most fourfold;
 * the subsidy halves every 210,000 blocks) under a network hash rate that grows about 0.1% a day with
 * a weekly swing, so its days differ as real ones do; fees vary from block to block and by weekday.
 * None of its figures are Bitcoin's: the height, difficulty and hash rate it starts from are chosen.
 */

/** The simulated chain starts at 2025-01-01 00:00 UTC, at a retarget height chosen for it. */
const START_TIME = Date.UTC(2025, 0, 1) / 1000;
const START_HEIGHT = 434 * RETARGET_INTERVAL;
/** A difficulty of about 110 T, chosen: (target of difficulty 1) × 10⁶ ÷ (110 × 10¹⁸). */
const START_BITS = bitsOfTarget((targetOfBits(POW_LIMIT_BITS) * 1_000_000n) / 110_000_000_000_000_000_000n);
/** Average fees of a block, in satoshis (0.025 BTC), before the block's and the weekday's variation. */
const MEAN_FEES = 2_500_000;
const TWO_WEEKS = RETARGET_INTERVAL * TARGET_SPACING;

/** A number in (0, 1) for one block and one use, the same on every run (a 32-bit integer hash). */
function uniform(height: number, use: number): number {
  let x = Math.imul(height ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(use + 1, 0xc2b2ae35);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return ((x >>> 0) + 1) / 4_294_967_297;
}

/** The network's hash rate (hashes a second) at `time`: the start's equilibrium, growing, with a weekly swing. */
function hashRateAt(time: number): number {
  const days = (time - START_TIME) / 86_400;
  const startRate = Number(workOfBits(START_BITS)) / TARGET_SPACING;
  return startRate * 1.001 ** days * (1 + 0.03 * Math.sin((2 * Math.PI * days) / 7));
}

/** The simulated chain, generated from its start as far as it is asked for, and kept. */
export function simulatedChain(now: () => Date): NetworkSource {
  // Without their hashes, which only the blocks given out need: a year is some 52,000 blocks.
  const blocks: Omit<NetworkBlock, 'hash'>[] = [];
  let bits = START_BITS;
  let work = Number(workOfBits(bits));

  function next(): Omit<NetworkBlock, 'hash'> {
    const height = START_HEIGHT + blocks.length;
    const previous = blocks.at(-1);
    const time = previous ? previous.time : START_TIME;
    if (height % RETARGET_INTERVAL === 0 && blocks.length >= RETARGET_INTERVAL) {
      // Bitcoin's rule: the last 2016 blocks' time span, kept within a quarter and four times two weeks.
      const first = blocks[blocks.length - RETARGET_INTERVAL] as Omit<NetworkBlock, 'hash'>;
      const span = Math.min(Math.max(time - first.time, TWO_WEEKS / 4), TWO_WEEKS * 4);
      const target = (targetOfBits(bits) * BigInt(span)) / BigInt(TWO_WEEKS);
      const limit = targetOfBits(POW_LIMIT_BITS);
      bits = bitsOfTarget(target > limit ? limit : target);
      work = Number(workOfBits(bits));
    }
    // The time to the next block is exponential, with the mean the difficulty and hash rate give.
    const mean = work / hashRateAt(time);
    const interval = Math.max(1, Math.round(-Math.log(uniform(height, 0)) * mean));
    const weekday = 1 + 0.25 * Math.sin((2 * Math.PI * (time - START_TIME)) / (7 * 86_400));
    const fees = BigInt(Math.round(MEAN_FEES * weekday * (0.3 + 1.4 * uniform(height, 1))));
    return { height, time: time + interval, bits, subsidy: subsidyAt(height), fees };
  }

  /** Index of the first block with time ≥ `time`, generating blocks until one is. */
  function firstAtOrAfter(time: number): number {
    while ((blocks.at(-1)?.time ?? START_TIME) < time) blocks.push(next());
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((blocks[middle] as Omit<NetworkBlock, 'hash'>).time < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  return {
    kind: 'simulated',
    async blocksOfDay(start, end) {
      if (seconds(start) < START_TIME) {
        return { complete: false, reason: 'the simulated chain starts on 2025-01-01 (UTC)' };
      }
      // The chain is known ahead; a day is given once it has ended, as a real one would be.
      if (now().getTime() < end.getTime()) return { complete: false, reason: 'the day has not ended' };
      const from = firstAtOrAfter(seconds(start));
      const to = firstAtOrAfter(seconds(end));
      const hash = (height: number) => createHash('sha256').update(`minecloud simulated block ${height}`).digest('hex');
      return {
        complete: true,
        blocks: blocks.slice(from, to).map((block) => ({ ...block, hash: hash(block.height) })),
      };
    },
  };
}
