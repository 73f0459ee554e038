import type { MarketSource as SourceName } from '@minecloud/contract/market';

/** Intervals a source is asked for: minutes are stored, hours fill history older than the minutes. */
export type SourceInterval = '1m' | '1h';
export const INTERVAL_MS: Record<SourceInterval, number> = { '1m': 60_000, '1h': 3_600_000 };

/** One closed candle as a source delivers it: open time in ms, decimals as exact strings. */
export type SourceCandle = {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};

/** A symbol's rolling 24-hour figures. */
export type SourceTicker = {
  symbol: string;
  price: string;
  open24h: string;
  high24h: string;
  low24h: string;
  volume24h: string;
  quoteVolume24h: string;
  change24hPct: string;
  /** When the source computed them (ms). */
  asOf: number;
};

/** Where prices come from: a real exchange's public REST API, or the deterministic simulation. */
export interface MarketDataSource {
  readonly name: SourceName;
  /**
   * Closed candles with startTime ≤ openTime ≤ endTime, ascending, at most `limit`. Throws a
   * MarketSourceError when the answer is missing, late or malformed: nothing of it may be stored.
   */
  klines(
    symbol: string,
    interval: SourceInterval,
    startTime: number,
    endTime: number,
    limit: number,
  ): Promise<SourceCandle[]>;
  tickers(symbols: string[], now: number): Promise<SourceTicker[]>;
}

export class MarketSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketSourceError';
  }
}
