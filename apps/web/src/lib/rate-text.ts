/**
 * A rate (BTC per TH/s a day, up to 16 places: network-day.ts RATE_PLACES) without the zeros that end
 * it, in full: no amount format keeps its places.
 */
export function rateText(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
