import { truncateDecimals } from '@minecloud/contract/amount';
import { formatHashRate, parseHashRate } from '@minecloud/contract/miner';

/** BTC amounts are small: like the asset pages, they keep all 8 places (still truncated). */
export const BTC_PLACES = 8;

export function btcText(value: string): string {
  return truncateDecimals(value, BTC_PLACES);
}

/** The sum of hash rates given as TH/s strings, exactly (bigint units); unreadable values count as 0. */
export function sumHashRates(...values: string[]): string {
  return formatHashRate(values.reduce((sum, value) => sum + (parseHashRate(value) ?? 0n), 0n));
}
