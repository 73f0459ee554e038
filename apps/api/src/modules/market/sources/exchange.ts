import { compareDecimal, DECIMAL, SIGNED_DECIMAL } from '@minecloud/contract/decimal';
import {
  INTERVAL_MS,
  type MarketDataSource,
  MarketSourceError,
  type SourceCandle,
  type SourceInterval,
  type SourceTicker,
} from './types.ts';

/**
 * A real exchange's public market data in the common REST format (Binance's public v3:
 * `GET /api/v3/klines` and `GET /api/v3/ticker/24hr`). Every answer is checked in full before any
 * of it is used: one malformed candle, an impossible one (high below low), one outside the asked
 * range, out of order or not yet closed, and the whole answer is refused, so nothing partial or
 * wrong is ever stored.
 */
export type ExchangeOptions = {
  baseUrl: string;
  /** Per request; a late answer counts as a failure. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export const EXCHANGE_TIMEOUT_MS = 10_000;

export function createExchangeSource(options: ExchangeOptions): MarketDataSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? EXCHANGE_TIMEOUT_MS;
  const fetcher = options.fetch ?? fetch;

  async function getJson(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetcher(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'unreachable';
      throw new MarketSourceError(`${path}: ${reason}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new MarketSourceError(`${path}: answer cut off`);
    }
    if (!response.ok) throw new MarketSourceError(`${path}: HTTP ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new MarketSourceError(`${path}: not JSON`);
    }
  }

  return {
    name: 'exchange',
    async klines(symbol, interval, startTime, endTime, limit) {
      const body = await getJson('/api/v3/klines', {
        symbol,
        interval,
        startTime: String(startTime),
        endTime: String(endTime),
        limit: String(limit),
      });
      return parseKlines(body, interval, startTime, endTime, limit);
    },
    async tickers(symbols, now) {
      const body = await getJson('/api/v3/ticker/24hr', { symbols: JSON.stringify(symbols) });
      return parseTickers(body, symbols, now);
    },
  };
}

function bad(what: string): never {
  throw new MarketSourceError(`bad payload: ${what}`);
}

function decimalAt(row: unknown[], index: number, what: string): string {
  const value = row[index];
  if (typeof value !== 'string' || !DECIMAL.test(value)) bad(`${what} is not a decimal`);
  return value;
}

function integerAt(row: unknown[], index: number, what: string): number {
  const value = row[index];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) bad(`${what} is not an integer`);
  return value;
}

/**
 * Binance kline rows: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades,
 * takerBase, takerQuote, ignore]. Candles still open at the end of the range are not closed yet:
 * the asked `endTime` is the last closed open time, so an answer past it is refused.
 */
export function parseKlines(
  body: unknown,
  interval: SourceInterval,
  startTime: number,
  endTime: number,
  limit: number,
): SourceCandle[] {
  if (!Array.isArray(body)) bad('klines is not a list');
  if (body.length > limit) bad('more candles than asked for');
  const step = INTERVAL_MS[interval];
  const candles: SourceCandle[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const row of body) {
    if (!Array.isArray(row) || row.length < 7) bad('a kline is not a row');
    const openTime = integerAt(row, 0, 'open time');
    const closeTime = integerAt(row, 6, 'close time');
    if (openTime % step !== 0) bad('open time off the interval');
    if (closeTime !== openTime + step - 1) bad('close time does not match the interval');
    if (openTime < startTime || openTime > endTime) bad('a candle outside the asked range');
    if (openTime <= previous) bad('candles out of order');
    previous = openTime;
    const candle = {
      openTime,
      open: decimalAt(row, 1, 'open'),
      high: decimalAt(row, 2, 'high'),
      low: decimalAt(row, 3, 'low'),
      close: decimalAt(row, 4, 'close'),
      volume: decimalAt(row, 5, 'volume'),
    };
    if (compareDecimal(candle.low, '0') <= 0) bad('a price is not positive');
    for (const price of [candle.open, candle.close]) {
      if (compareDecimal(candle.low, price) > 0 || compareDecimal(candle.high, price) < 0)
        bad('open or close outside low..high');
    }
    candles.push(candle);
  }
  return candles;
}

type RawTicker = Record<string, unknown>;

function tickerDecimal(raw: RawTicker, key: string, signed = false): string {
  const value = raw[key];
  if (typeof value !== 'string' || !(signed ? SIGNED_DECIMAL : DECIMAL).test(value))
    bad(`ticker ${key} is not a decimal`);
  return value;
}

/** Binance 24-hour tickers for the asked symbols (one object each). */
export function parseTickers(body: unknown, symbols: string[], now: number): SourceTicker[] {
  if (!Array.isArray(body)) bad('tickers is not a list');
  const asked = new Set(symbols);
  const seen = new Set<string>();
  return body.map((item): SourceTicker => {
    if (typeof item !== 'object' || item === null) bad('a ticker is not an object');
    const raw = item as RawTicker;
    const symbol = raw.symbol;
    if (typeof symbol !== 'string' || !asked.has(symbol) || seen.has(symbol)) bad('a ticker of a symbol not asked for');
    seen.add(symbol);
    const closeTime = raw.closeTime;
    if (typeof closeTime !== 'number' || !Number.isSafeInteger(closeTime) || closeTime > now + 60_000)
      bad('ticker close time');
    const ticker = {
      symbol,
      price: tickerDecimal(raw, 'lastPrice'),
      open24h: tickerDecimal(raw, 'openPrice'),
      high24h: tickerDecimal(raw, 'highPrice'),
      low24h: tickerDecimal(raw, 'lowPrice'),
      volume24h: tickerDecimal(raw, 'volume'),
      quoteVolume24h: tickerDecimal(raw, 'quoteVolume'),
      change24hPct: tickerDecimal(raw, 'priceChangePercent', true),
      asOf: closeTime,
    };
    if (compareDecimal(ticker.low24h, ticker.high24h) > 0 || compareDecimal(ticker.price, '0') <= 0)
      bad('ticker prices');
    return ticker;
  });
}
