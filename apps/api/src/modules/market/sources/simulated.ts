import { unitsToDecimal } from '@minecloud/contract/decimal';
import {
  INTERVAL_MS,
  type MarketDataSource,
  type SourceCandle,
  type SourceInterval,
  type SourceTicker,
} from './types.ts';

/**
 * The embedded default's market: every price is a pure function of (symbol, minute), computed in
 * integer arithmetic only (no Math.random, no float rounding), so every process, every restart and
 * every test gets the same candles, and the app labels them "simulated".
 *
 * The price moves like a market: fractal value noise, the sum of 21 octaves (the k-th changes
 * direction every 2^k minutes, with an amplitude growing with the period), keeps it within
 * ±50% of the coin's base price.
 */

type Coin = { base: number; digits: number; volume: number };
/** Base price in units of 10^-digits USDT; typical volume per minute in units of 10^-4 coin. */
const COINS: Record<string, Coin> = {
  BTCUSDT: { base: 6_500_000, digits: 2, volume: 120_000 },
  ETHUSDT: { base: 320_000, digits: 2, volume: 1_500_000 },
  BNBUSDT: { base: 62_000, digits: 2, volume: 900_000 },
  SOLUSDT: { base: 16_000, digits: 2, volume: 4_000_000 },
  TRXUSDT: { base: 2_500, digits: 4, volume: 2_000_000_000 },
  ADAUSDT: { base: 4_500, digits: 4, volume: 600_000_000 },
  DOTUSDT: { base: 6_500, digits: 3, volume: 50_000_000 },
  AVAXUSDT: { base: 3_200, digits: 2, volume: 9_000_000 },
};
const OTHER: Coin = { base: 10_000, digits: 4, volume: 10_000_000 };
const VOLUME_DIGITS = 4;

const PPM = 1_000_000;
/** Amplitude (ppm of the base price) of octave k, whose lattice step is 2^k minutes. */
const AMPLITUDES = [
  300, 400, 550, 800, 1_100, 1_600, 2_200, 3_100, 4_400, 6_000, 8_500, 12_000, 16_000, 22_000, 30_000, 40_000, 50_000,
  60_000, 70_000, 80_000, 90_000,
];
/** Largest wick beyond the body, in ppm. */
const WICK = 400;

function hash32(a: number, b: number, c: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

function seedOf(symbol: string): number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) seed = Math.imul(seed ^ symbol.charCodeAt(i), 0x01000193) >>> 0;
  return seed;
}

/** Lattice value in [-PPM, PPM]. */
function lattice(seed: number, octave: number, index: number): number {
  return (hash32(seed, octave + 1, index) % (2 * PPM + 1)) - PPM;
}

/** One symbol's candles, computed for a whole range of minutes at once. */
class Walk {
  private readonly coin: Coin;
  private readonly seed: number;

  constructor(symbol: string) {
    this.coin = COINS[symbol] ?? OTHER;
    this.seed = seedOf(symbol);
  }

  /** The prices (units) at the start of each of `count` minutes from `first` (minutes since the epoch). */
  prices(first: number, count: number): number[] {
    const offsets = new Array<number>(count).fill(0);
    const end = first + count;
    for (let k = 0; k < AMPLITUDES.length; k++) {
      const step = 2 ** k;
      const amplitude = AMPLITUDES[k] as number;
      let m = first;
      while (m < end) {
        // Along one lattice segment the octave moves linearly from v0 to v1.
        const index = Math.floor(m / step);
        const segmentEnd = Math.min((index + 1) * step, end);
        const v0 = lattice(this.seed, k, index);
        const rise = lattice(this.seed, k, index + 1) - v0;
        for (; m < segmentEnd; m++) {
          const value = v0 + Math.trunc((rise * (m - index * step)) / step);
          offsets[m - first] = (offsets[m - first] as number) + Math.trunc((value * amplitude) / PPM);
        }
      }
    }
    return offsets.map((offset) => Math.max(1, Math.floor((this.coin.base * (PPM + offset)) / PPM)));
  }

  /**
   * A minute's traded volume, in units of 10^-VOLUME_DIGITS coin. Volumes that were the coin's
   * typical one times uniform noise summed to the same figure every day (1,440 draws average out),
   * which no market does. Traded volume comes in bursts, so each minute's is the typical one scaled
   * by the activity of its day (busy days and quiet days, in runs of a few days, now and then a
   * spike), of its hour, of the minute itself, and by how far the price moved in it (big moves
   * draw trades). Every factor is hashed from the minute, in integers: still a pure function.
   */
  private minuteVolume(minute: number, open: number, close: number): bigint {
    const day = Math.floor(minute / 1440);
    // Runs of busy or quiet days: a lattice every 4 days, interpolated, plus the day's own jitter.
    const run = Math.floor(day / 4);
    const from = hash32(this.seed, 104, run) % 1001;
    const to = hash32(this.seed, 104, run + 1) % 1001;
    const trend = from + Math.trunc(((to - from) * (day - run * 4)) / 4);
    const jitter = hash32(this.seed, 105, day) % 1001;
    // Skewed upwards (jitter squared): most days near the typical volume, a few two or three times it.
    const dayPermille = 350 + Math.trunc((trend * 9) / 10) + Math.trunc((jitter * jitter) / 800);
    const hourPermille = 550 + (hash32(this.seed, 106, Math.floor(minute / 60)) % 901);
    const minutePermille = 400 + (hash32(this.seed, 103, minute) % 1201);
    const movePpm = Math.trunc((Math.abs(close - open) * PPM) / Math.max(1, open));
    const movePermille = 1000 + Math.min(2000, Math.trunc(movePpm / 2));
    return (
      (BigInt(this.coin.volume) *
        BigInt(dayPermille) *
        BigInt(hourPermille) *
        BigInt(minutePermille) *
        BigInt(movePermille)) /
      1_000_000_000_000n
    );
  }

  /**
   * Candles of `size` minutes each, `count` of them from minute `first`: a minute opens at its price
   * and closes at the next one's, with hashed wicks and volume; a longer candle is exactly the
   * aggregate of its minutes, as SQL aggregates stored minutes.
   */
  candles(first: number, size: number, count: number) {
    const prices = this.prices(first, size * count + 1);
    const out: { open: number; high: number; low: number; close: number; volume: bigint; quote: bigint }[] = [];
    for (let c = 0; c < count; c++) {
      let high = 0;
      let low = Number.MAX_SAFE_INTEGER;
      let volume = 0n;
      let quote = 0n;
      for (let i = c * size; i < (c + 1) * size; i++) {
        const minute = first + i;
        const open = prices[i] as number;
        const close = prices[i + 1] as number;
        const top = Math.max(open, close);
        const bottom = Math.min(open, close);
        high = Math.max(high, top + Math.floor((top * (hash32(this.seed, 101, minute) % (WICK + 1))) / PPM));
        low = Math.min(
          low,
          Math.max(1, bottom - Math.floor((bottom * (hash32(this.seed, 102, minute) % (WICK + 1))) / PPM)),
        );
        const units = this.minuteVolume(minute, open, close);
        volume += units;
        quote += units * BigInt(close);
      }
      out.push({ open: prices[c * size] as number, high, low, close: prices[(c + 1) * size] as number, volume, quote });
    }
    return out;
  }

  candle(
    openTime: number,
    c: { open: number; high: number; low: number; close: number; volume: bigint },
  ): SourceCandle {
    const d = this.coin.digits;
    return {
      openTime,
      open: unitsToDecimal(BigInt(c.open), d),
      high: unitsToDecimal(BigInt(c.high), d),
      low: unitsToDecimal(BigInt(c.low), d),
      close: unitsToDecimal(BigInt(c.close), d),
      volume: unitsToDecimal(c.volume, VOLUME_DIGITS),
    };
  }

  get digits() {
    return this.coin.digits;
  }
}

export function createSimulatedSource(): MarketDataSource {
  return {
    name: 'simulated',
    async klines(symbol: string, interval: SourceInterval, startTime: number, endTime: number, limit: number) {
      const step = INTERVAL_MS[interval];
      const first = Math.ceil(startTime / step) * step;
      const count = Math.max(0, Math.min(limit, Math.floor((endTime - first) / step) + 1));
      const walk = new Walk(symbol);
      const size = step / 60_000;
      return walk.candles(first / 60_000, size, count).map((c, i) => walk.candle(first + i * step, c));
    },
    async tickers(symbols: string[], now: number) {
      const last = Math.floor(now / 60_000) - 1;
      return symbols.map((symbol): SourceTicker => {
        const walk = new Walk(symbol);
        const [day] = walk.candles(last - 1439, 1440, 1);
        if (!day) throw new Error('no day');
        const change = ((BigInt(day.close) - BigInt(day.open)) * 10_000n) / BigInt(day.open);
        return {
          symbol,
          price: unitsToDecimal(BigInt(day.close), walk.digits),
          open24h: unitsToDecimal(BigInt(day.open), walk.digits),
          high24h: unitsToDecimal(BigInt(day.high), walk.digits),
          low24h: unitsToDecimal(BigInt(day.low), walk.digits),
          volume24h: unitsToDecimal(day.volume, VOLUME_DIGITS),
          quoteVolume24h: unitsToDecimal(day.quote, VOLUME_DIGITS + walk.digits),
          change24hPct: unitsToDecimal(change, 2),
          asOf: (last + 1) * 60_000,
        };
      });
    },
  };
}
