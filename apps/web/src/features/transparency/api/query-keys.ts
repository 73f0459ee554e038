import type { Asset } from '@minecloud/contract/amount';

/** Every query of this feature starts with `transparency`. */
export const transparencyKeys = {
  all: ['transparency'] as const,
  totals: () => ['transparency', 'totals'] as const,
  liabilities: (days: number) => ['transparency', 'liabilities', days] as const,
  // A member's own proof: forgotten with every other cached query when the session ends.
  proof: (asset: Asset) => ['transparency', 'proof', asset] as const,
  parameters: () => ['transparency', 'parameters'] as const,
  solvency: (days: number) => ['transparency', 'solvency', days] as const,
  /** One network day's blocks, to recompute its rate. */
  networkDay: (day: string) => ['transparency', 'network-day', day] as const,
  // The member's own output per day: forgotten with every other cached query when the session ends.
  dayOutputs: (days: number) => ['transparency', 'day-outputs', days] as const,
};
