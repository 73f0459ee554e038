import { formatAmount, parseAmount } from '@minecloud/contract/amount';
import type { DailyOutput } from '../api/get-daily-output';

export type OutputBar = {
  day: string;
  btc: string;
  units: bigint;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type OutputChartLayout = {
  bars: OutputBar[];
  /** The largest day, in BTC (the top of the scale), and half of it (the middle grid line). */
  max: string;
  half: string;
  /** Every day's output added up, in BTC, exactly. */
  total: string;
  peak: OutputBar;
};

export type PlotBox = { left: number; top: number; width: number; height: number };

function btcUnits(value: string): bigint {
  const parsed = parseAmount(value, 'BTC');
  return parsed.ok ? parsed.units : 0n;
}

/**
 * Bars of the daily-output chart inside `plot`, in the order given (oldest first). Values stay
 * bigint satoshis; only the pixel heights are fractions. Null when no day earned anything: the
 * chart then shows its empty state rather than a row of zero bars.
 */
export function layOutOutputChart(days: DailyOutput[], plot: PlotBox): OutputChartLayout | null {
  const units = days.map((day) => btcUnits(day.btc));
  const maxUnits = units.reduce((max, value) => (value > max ? value : max), 0n);
  if (maxUnits === 0n) return null;
  const slot = plot.width / days.length;
  const width = Math.max(1, slot * 0.64);
  const bars = days.map((day, index): OutputBar => {
    const value = units[index] ?? 0n;
    // Parts per 10,000 of the plot height; a day that earned anything shows at least 1 px.
    const share = Number((value * 10_000n) / maxUnits) / 10_000;
    const height = value > 0n ? Math.max(1, share * plot.height) : 0;
    return {
      day: day.day,
      btc: formatAmount(value, 'BTC'),
      units: value,
      x: plot.left + index * slot + (slot - width) / 2,
      y: plot.top + plot.height - height,
      width,
      height,
    };
  });
  const peak = bars.reduce((best, bar) => (bar.units > best.units ? bar : best));
  return {
    bars,
    max: formatAmount(maxUnits, 'BTC'),
    half: formatAmount(maxUnits / 2n, 'BTC'),
    total: formatAmount(
      units.reduce((sum, value) => sum + value, 0n),
      'BTC',
    ),
    peak,
  };
}

/** "2024-05-03" as "05-03": the axis has little room, and the year is the same. */
export function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day;
}
