import { type Asset, formatAmount, parseAmount } from '@minecloud/contract/amount';

/** One day's amount (a decimal string of the chart's asset); `estimate` for a day not settled yet. */
export type DayAmount = { day: string; amount: string; estimate?: boolean };

export type DayBar = {
  day: string;
  /** Today's estimate rather than a settled day. */
  estimate: boolean;
  amount: string;
  units: bigint;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type DayBarsLayout = {
  bars: DayBar[];
  /** The largest day (the top of the scale), and half of it (the middle grid line). */
  max: string;
  half: string;
  /** Every day's amount added up, exactly. */
  total: string;
  peak: DayBar;
};

export type PlotBox = { left: number; top: number; width: number; height: number };

function unitsOf(value: string, asset: Asset): bigint {
  const parsed = parseAmount(value, asset);
  return parsed.ok ? parsed.units : 0n;
}

/**
 * Bars of a per-day chart of `asset` inside `plot`, in the order given (oldest first). Values stay
 * bigint units; only the pixel heights are fractions. Null when no day has anything: the chart then
 * shows its empty state rather than a row of zero bars.
 */
export function layOutDayBars(days: readonly DayAmount[], asset: Asset, plot: PlotBox): DayBarsLayout | null {
  const units = days.map((day) => unitsOf(day.amount, asset));
  const maxUnits = units.reduce((max, value) => (value > max ? value : max), 0n);
  if (maxUnits === 0n) return null;
  const slot = plot.width / days.length;
  const width = Math.max(1, slot * 0.64);
  const bars = days.map((day, index): DayBar => {
    const value = units[index] ?? 0n;
    // Parts per 10,000 of the plot height; a day that earned anything shows at least 1 px.
    const share = Number((value * 10_000n) / maxUnits) / 10_000;
    const height = value > 0n ? Math.max(1, share * plot.height) : 0;
    return {
      day: day.day,
      estimate: day.estimate === true,
      amount: formatAmount(value, asset),
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
    max: formatAmount(maxUnits, asset),
    half: formatAmount(maxUnits / 2n, asset),
    total: formatAmount(
      units.reduce((sum, value) => sum + value, 0n),
      asset,
    ),
    peak,
  };
}

/** "2024-05-03" as "05-03": the axis has little room, and the year is the same. */
export function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day;
}
