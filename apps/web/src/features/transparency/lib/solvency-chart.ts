import type { OnChainAsset, SolvencyDay } from '@minecloud/contract/solvency';
import type { PlotBox } from '@/lib/day-bars';

export type RatioBar = {
  day: string;
  /** The published ratio (4 decimals), null on a day without reserves or liabilities. */
  ratio: string | null;
  /** False when the reserves fell short of the liabilities that day. */
  covered: boolean | null;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** A ratio as a number, for pixels only (what a member reads is the published text). */
const ratioValue = (ratio: string | null) => {
  const value = ratio === null ? Number.NaN : Number(ratio);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/**
 * One asset's reserves ÷ liabilities per day as bars inside `plot`, oldest day first, with the height
 * of a ratio of 1 (`oneY`) so the chart can draw where the reserves just cover the liabilities. The
 * scale's top is a little above the larger of 1 and the best ratio. Null when no day has a ratio.
 */
export function layOutRatioChart(
  list: readonly SolvencyDay[],
  asset: OnChainAsset,
  plot: PlotBox,
): { bars: RatioBar[]; top: number; oneY: number } | null {
  const days = [...list].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const rows = days.map((day) => {
    const row = day.assets.find((a) => a.asset === asset);
    return { day: day.day, ratio: row?.ratio ?? null, covered: row?.covered ?? null };
  });
  if (!rows.some((row) => row.ratio !== null)) return null;
  const best = rows.reduce((max, row) => Math.max(max, ratioValue(row.ratio)), 1);
  const top = best * 1.15;
  const slot = plot.width / rows.length;
  const width = Math.max(1, Math.min(24, slot * 0.64));
  const heightOf = (value: number) => (value / top) * plot.height;
  const bars = rows.map((row, index): RatioBar => {
    const value = ratioValue(row.ratio);
    // A day with any ratio shows at least 1 px.
    const height = value > 0 ? Math.max(1, heightOf(value)) : 0;
    return {
      ...row,
      x: plot.left + index * slot + (slot - width) / 2,
      y: plot.top + plot.height - height,
      width,
      height,
    };
  });
  return { bars, top, oneY: plot.top + plot.height - heightOf(1) };
}
