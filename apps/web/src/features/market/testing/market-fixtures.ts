import { API_BASE, MARKET_API } from '@minecloud/contract/api-paths';
import type { Candle, CoinDetail, CoinRow, MarketTrend, TrendRow } from '@minecloud/contract/market';
import { callsTo, page } from '@/test/calls';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the market screens' tests (imported by tests only). */
export const AS_OF = '2026-11-23T07:25:00.000Z';

export function coinRow(symbol: string, over: Partial<CoinRow> = {}): CoinRow {
  const base = symbol.replace(/USDT$/, '');
  return {
    symbol,
    base,
    name: `${base} coin`,
    chain: true,
    price: '100.5',
    change24hPct: '1.259',
    high24h: '110',
    low24h: '90',
    volume24h: '18234567.5',
    source: 'exchange',
    asOf: AS_OF,
    ...over,
  };
}

export const BTC = coinRow('BTCUSDT', { name: 'Bitcoin', price: '97123.459', change24hPct: '2.345' });
export const ETH = coinRow('ETHUSDT', { name: 'Ethereum', price: '3456.999', change24hPct: '-1.5' });
export const TRX = coinRow('TRXUSDT', { name: 'TRON', price: '0.24129', change24hPct: '0' });

export const trendRow = (coin: CoinRow, trend = ['1', '2', '3']): TrendRow => ({ ...coin, trend });

export function marketTrend(over: Partial<MarketTrend> = {}): MarketTrend {
  return {
    list: [trendRow(BTC), trendRow(ETH, ['3', '2', '1']), trendRow(TRX, ['1', '1'])],
    rising: 1,
    falling: 1,
    unchanged: 1,
    source: 'exchange',
    asOf: AS_OF,
    ...over,
  };
}

export function coinDetail(over: Partial<CoinDetail> = {}): CoinDetail {
  return {
    ...BTC,
    high24h: '98000.999',
    low24h: '95000.1',
    volume24h: '18234.5',
    open24h: '94900',
    quoteVolume24h: '1771234567.89',
    lastCandleAt: AS_OF,
    ...over,
  };
}

export function candles(count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    open: '100',
    high: '120',
    low: '90',
    close: i % 2 ? '95' : '110',
    volume: '12.5',
  }));
}

export const marketPath = (call: string) => `GET ${API_BASE.market}${call}`;

type Handlers = Parameters<typeof mockServer>[0];

/** The market calls answered with demo data; `overrides` replace any of them. */
export function marketServer(overrides: Handlers = {}) {
  return mockServer({
    [marketPath(MARKET_API.trend)]: () => ok(marketTrend()),
    [marketPath(MARKET_API.coinList)]: () => page([BTC, ETH, TRX]),
    [marketPath(MARKET_API.coinDetail)]: () => ok(coinDetail()),
    [marketPath(MARKET_API.kline)]: ({ url }) =>
      ok({
        symbol: url.searchParams.get('symbol'),
        interval: url.searchParams.get('interval'),
        list: candles(3),
        source: 'exchange',
      }),
    ...overrides,
  });
}

/** The market calls made to `call`, with their query. */
export const marketCalls = (fetchMock: ReturnType<typeof mockServer>, call: string) =>
  callsTo(fetchMock, call, API_BASE.market);
