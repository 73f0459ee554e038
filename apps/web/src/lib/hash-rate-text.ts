import { truncateDecimals } from '@minecloud/contract/amount';
import { formatHashRate, parseHashRate } from '@minecloud/contract/miner';

/**
 * A hash rate in TH/s, truncated to 2 decimals like every amount; a rate too small for 2 decimals
 * (a bonus of 0.0047) keeps its own places rather than reading as 0.00.
 */
export function hashRateText(value: string): string {
  const short = truncateDecimals(value, 2);
  const units = parseHashRate(value);
  if (units === null || units === 0n || /[1-9]/.test(short)) return short;
  return formatHashRate(units);
}
