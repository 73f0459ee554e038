import type { NetworkBlock } from '@minecloud/contract/network-day';

/** Where the day's blocks come from: a Bitcoin Core node (BTC_RPC_URL) or the demo's simulated chain. */
export type NetworkSourceKind = 'node' | 'simulated';

/**
 * The blocks whose header time falls in a day, or why they cannot be given yet: the day has not
 * ended on the chain, or the node does not answer. A day is never given in part.
 */
export type DayBlocks = { complete: true; blocks: NetworkBlock[] } | { complete: false; reason: string };

export type NetworkSource = {
  kind: NetworkSourceKind;
  /** The blocks with `start` ≤ time < `end` (seconds since 1970), in height order. */
  blocksOfDay(start: Date, end: Date): Promise<DayBlocks>;
};

/** Seconds since 1970 of an instant. */
export const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
