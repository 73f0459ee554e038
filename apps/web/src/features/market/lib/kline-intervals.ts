import { KLINE_SPANS, type KlineInterval } from '@minecloud/contract/market';
import type { MessageKey } from '@/i18n/i18n';

export type KlineTab = { interval: KlineInterval; limit: number; labelKey: MessageKey };

/**
 * The candlestick page's tabs, from one minute to one month, and how many candles each asks for:
 * enough for the 99-candle moving average to show along most of the chart.
 */
export const KLINE_TABS = [
  { interval: '1m', limit: 240, labelKey: 'marketKline1m' },
  { interval: '5m', limit: 240, labelKey: 'marketKline5m' },
  { interval: '15m', limit: 192, labelKey: 'marketKline15m' },
  { interval: '1h', limit: 240, labelKey: 'marketKline1h' },
  { interval: '4h', limit: 240, labelKey: 'marketKline4h' },
  { interval: '1d', limit: 120, labelKey: 'marketKlineDaily' },
  { interval: '1w', limit: 104, labelKey: 'marketKlineWeekly' },
  { interval: '1M', limit: 60, labelKey: 'marketKlineMonthly' },
] as const satisfies readonly KlineTab[];

export type KlineTabInterval = (typeof KLINE_TABS)[number]['interval'];

export const DEFAULT_KLINE_INTERVAL: KlineTabInterval = '1d';

/** Daily candles open the page. */
const DEFAULT_TAB = KLINE_TABS[5];

export function klineTabOf(value: string | null): (typeof KLINE_TABS)[number] {
  return KLINE_TABS.find((tab) => tab.interval === value) ?? DEFAULT_TAB;
}

export const DEFAULT_SYMBOL = 'BTCUSDT';

/**
 * The `symbol` query parameter as the exchange spells it (a bare coin, BTC, means its USDT market),
 * or BTCUSDT when it is missing or unreadable.
 */
export function symbolParam(value: string | null): string {
  const symbol = value?.trim().toUpperCase() ?? '';
  if (!/^[A-Z0-9]{2,20}$/.test(symbol)) return DEFAULT_SYMBOL;
  return symbol.endsWith('USDT') ? symbol : `${symbol}USDT`;
}

/** What a range prompt takes: a whole number of the tab's unit, 1 to 999999. */
export const RANGE_PATTERN = /^[1-9][0-9]{0,5}$/;

/**
 * The `limit` query parameter (candles wanted), or the tab's own when it is missing or unreadable.
 * A number above the server's limit is kept: the server's "must not exceed" prompt answers it.
 */
export function limitParam(value: string | null, tab: KlineTab): number {
  return value !== null && RANGE_PATTERN.test(value) ? Number(value) : tab.limit;
}

/** The candles that cover `span` of the interval's unit of time (10 hours of 4-hour candles: 3). */
export function limitOfSpan(span: number, interval: KlineInterval): number {
  return Math.ceil(span / KLINE_SPANS[interval].per);
}
