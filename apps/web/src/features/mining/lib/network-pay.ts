import { formatAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { RATE_PLACES } from '@minecloud/contract/network-day';
import type { NetworkDaySummary } from '@/api/get-network-days';
import type { PlacedBar } from '@/components/day-bars-chart';
import type { PlotBox } from '@/lib/day-bars';
import type { DailyOutput } from '../api/get-daily-output';
import { nextDay } from './output-estimate';

/** The member's own day: hash rate × the rate paid = the output credited (rounded down to the satoshi). */
export type OwnDay = { hashRate: string; btc: string };

/** A settled day as the hash-rate page explains it: the network's figures, or the fixed rate it was paid at. */
export type PaidDay =
  | {
      day: string;
      output: 'network';
      network: NetworkDaySummary;
      rate: string;
      poolFee: string;
      mine: OwnDay | null;
    }
  | { day: string; output: 'fixed'; rate: string; mine: OwnDay | null };

/** How many settled days the card lists, newest first. */
export const PAID_DAYS_SHOWN = 3;

const own = (day: DailyOutput | undefined): OwnDay | null => (day ? { hashRate: day.hashRate, btc: day.btc } : null);

/**
 * The last `count` settled days, newest first, from the network's days and the member's own: a day the
 * network mode paid with its network figures, a day paid at the fixed rate as such (never as network
 * figures, even when the network's blocks of that day were stored).
 */
export function paidDays(
  network: readonly NetworkDaySummary[],
  mine: readonly DailyOutput[],
  count = PAID_DAYS_SHOWN,
): PaidDay[] {
  const networkByDay = new Map(network.map((day) => [day.day, day]));
  const mineByDay = new Map(mine.map((day) => [day.day, day]));
  const days = [...new Set([...networkByDay.keys(), ...mineByDay.keys()])].sort().reverse();
  const paid: PaidDay[] = [];
  for (const day of days) {
    if (paid.length >= count) break;
    const summary = networkByDay.get(day);
    const member = mineByDay.get(day);
    const settled = summary?.settled ?? member?.settled ?? null;
    if (!settled) continue;
    if (settled.output === 'network' && summary?.settled) {
      paid.push({
        day,
        output: 'network',
        network: summary,
        rate: summary.settled.rate,
        poolFee: summary.settled.poolFee ?? '0',
        mine: own(member),
      });
    } else if (settled.output === 'fixed') {
      paid.push({ day, output: 'fixed', rate: settled.rate, mine: own(member) });
    }
  }
  return paid;
}

/** What `hashRate` TH/s earns a day at `rate`, rounded down to the satoshi, as settlement pays it. */
export function outputAt(hashRate: string, rate: string): string | null {
  const units = parseHashRate(hashRate);
  if (units === null || !/^\d+(\.\d+)?$/.test(rate)) return null;
  return formatAmount(dailySatoshis(units, rate), 'BTC');
}

/** A rate's units at RATE_PLACES (rates keep more places than BTC amounts, so no amount parser reads them). */
export function rateUnits(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) return 0n;
  const places = (match[2] ?? '').slice(0, RATE_PLACES).padEnd(RATE_PLACES, '0');
  return BigInt(match[1] ?? '0') * 10n ** BigInt(RATE_PLACES) + BigInt(places);
}

/** A day's bar; `rate` is '0' for a day with no stored network figures. */
export type RateBar = PlacedBar & { rate: string };

/**
 * The network days' BTC per TH/s (before the pool fee) as bars inside `plot`, oldest first: one slot
 * for each of the `span` calendar days that end with the newest (a day not stored has no bar), so a
 * few days stand as thin as a month's. Null when no day has a rate.
 */
export function rateBars(
  days: readonly NetworkDaySummary[],
  plot: PlotBox,
  span: number,
): { bars: RateBar[]; max: string } | null {
  const newest = days.at(-1);
  if (!newest) return null;
  const byDay = new Map(days.map((day) => [day.day, day]));
  let first = newest.day;
  for (let i = 1; i < span; i++) first = previousDay(first);
  const slots: string[] = [];
  for (let day = first; slots.length < span; day = nextDay(day)) slots.push(day);
  const units = slots.map((day) => rateUnits(byDay.get(day)?.btcPerTh ?? '0'));
  const max = units.reduce((top, value) => (value > top ? value : top), 0n);
  if (max === 0n) return null;
  const slot = plot.width / span;
  const width = Math.max(1, slot * 0.64);
  const bars = slots.map((day, index): RateBar => {
    const value = units[index] ?? 0n;
    const height = value > 0n ? Math.max(1, (Number((value * 10_000n) / max) / 10_000) * plot.height) : 0;
    return {
      day,
      x: plot.left + index * slot + (slot - width) / 2,
      y: plot.top + plot.height - height,
      width,
      height,
      rate: byDay.get(day)?.btcPerTh ?? '0',
    };
  });
  return { bars, max: slots.map((day) => byDay.get(day)?.btcPerTh ?? '0')[units.indexOf(max)] ?? '0' };
}

/** The day before `day`, in the calendar. */
function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
