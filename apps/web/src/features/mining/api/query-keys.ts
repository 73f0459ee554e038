import type { Locale } from '@minecloud/contract/locales';
import type { MinerStatus, POWER_SOURCES } from '@minecloud/contract/miner';

export type PowerSource = (typeof POWER_SOURCES)[number];

/** Every query of this feature starts with `mining`, so one invalidation refreshes them all after a purchase. */
export const miningKeys = {
  all: ['mining'] as const,
  products: () => ['mining', 'products'] as const,
  /** In the request's language. */
  banners: (locale: Locale) => ['mining', 'banners', locale] as const,
  myMiners: (status: MinerStatus) => ['mining', 'my-miners', status] as const,
  powerRecords: (source: PowerSource) => ['mining', 'power-records', source] as const,
  powerSummary: () => ['mining', 'power-summary'] as const,
  dailyOutput: (days: number) => ['mining', 'daily-output', days] as const,
  /** The settings `mining.networkOutput` and `mining.btcPerThPerDay`, for the estimate of today's output. */
  rate: () => ['mining', 'rate'] as const,
};
