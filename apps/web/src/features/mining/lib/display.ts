import { formatHashRate, parseHashRate } from '@minecloud/contract/miner';

/** The sum of hash rates given as TH/s strings, exactly (bigint units); unreadable values count as 0. */
export function sumHashRates(...values: string[]): string {
  return formatHashRate(values.reduce((sum, value) => sum + (parseHashRate(value) ?? 0n), 0n));
}
