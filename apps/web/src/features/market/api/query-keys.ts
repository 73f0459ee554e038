import type { KlineInterval } from '@minecloud/contract/market';

/** Every query of this feature starts with `market`. */
export const marketKeys = {
  all: ['market'] as const,
  trend: () => ['market', 'trend'] as const,
  chainCoins: () => ['market', 'coins', 'chain'] as const,
  coinPages: () => ['market', 'coins', 'all'] as const,
  topCoins: () => ['market', 'coins', 'top'] as const,
  kline: (symbol: string, interval: KlineInterval, limit: number) =>
    ['market', 'kline', symbol, interval, limit] as const,
};

/** Prices move: the market screens ask again this often while they are open. */
export const MARKET_REFRESH_MS = 30_000;
