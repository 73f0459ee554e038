import type { KlineInterval } from '@minecloud/contract/market';
import type { MessageKey } from '@/i18n/i18n';

export type KlineTab = { interval: KlineInterval; limit: number; labelKey: MessageKey };

/** The candlestick page's tabs (spec: daily, weekly, monthly) and how many candles each asks for. */
export const KLINE_TABS = [
  { interval: '1d', limit: 120, labelKey: 'marketKlineDaily' },
  { interval: '1w', limit: 104, labelKey: 'marketKlineWeekly' },
  { interval: '1M', limit: 60, labelKey: 'marketKlineMonthly' },
] as const satisfies readonly KlineTab[];

export type KlineTabInterval = (typeof KLINE_TABS)[number]['interval'];

export const DEFAULT_KLINE_INTERVAL: KlineTabInterval = '1d';

export function klineTabOf(value: string | null): (typeof KLINE_TABS)[number] {
  return KLINE_TABS.find((tab) => tab.interval === value) ?? KLINE_TABS[0];
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
