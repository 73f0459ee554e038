import { formatAmount, parseAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import type { NetworkDaySummary } from '@/api/get-network-days';
import type { DailyOutput } from '../api/get-daily-output';

/** Today's output as the chart shows it while no day has settled: an estimate, never a payment. */
export type OutputEstimate = Omit<DailyOutput, 'settled'> & { estimate: true };

/** Whether any listed day paid anything: then the chart shows the settled days alone. */
export function anyDaySettled(days: readonly DailyOutput[]): boolean {
  return days.some((day) => {
    const parsed = parseAmount(day.btc, 'BTC');
    return parsed.ok && parsed.units > 0n;
  });
}

/** The day after `day` ("2024-05-31" → "2024-06-01"), in the calendar, not in any time zone. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Today's output at the member's hash rate now (own + bonus, TH/s) and the rate now (BTC per TH/s
 * per day), exactly as a settlement would pay it: bigint units, rounded down to the satoshi. Today
 * is the day after the last listed one (the list ends with yesterday). Null when there is nothing
 * to estimate: no day listed, an unreadable figure, or no hash rate.
 */
export function todayEstimate(
  days: readonly DailyOutput[],
  hashRate: string,
  btcPerThPerDay: string | null | undefined,
): OutputEstimate | null {
  const last = days.at(-1);
  const units = parseHashRate(hashRate);
  if (!last || !units || !btcPerThPerDay || !/^\d+(\.\d+)?$/.test(btcPerThPerDay)) return null;
  return {
    day: nextDay(last.day),
    btc: formatAmount(dailySatoshis(units, btcPerThPerDay), 'BTC'),
    hashRate,
    estimate: true,
  };
}

/** The rate of the newest day the network mode settled, for today's estimate in the network mode; null while none is. */
export function lastNetworkRate(network: readonly NetworkDaySummary[]): { day: string; rate: string } | null {
  for (const day of [...network].reverse()) {
    if (day.settled?.output === 'network') return { day: day.day, rate: day.settled.rate };
  }
  return null;
}
