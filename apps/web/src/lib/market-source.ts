import type { MarketSource } from '@minecloud/contract/market';

/** The source a page names for its rows: simulated when any row is, so a mixed list is never taken for the real market. */
export function sourceOf(rows: readonly { source: MarketSource | null }[]): MarketSource | null {
  if (rows.some((row) => row.source === 'simulated')) return 'simulated';
  return rows.find((row) => row.source)?.source ?? null;
}
