import type { LiabilityRoot } from '@minecloud/contract/transparency';
import type { PlotBox } from '@/lib/day-bars';

export type LiabilityBar = {
  day: string;
  /** The day's published total, as the asset's decimal. */
  total: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

/**
 * One asset's published totals as bars inside `plot`, oldest day first. Values stay bigint atomic
 * units; only pixel heights are fractions. `top` is the largest total (the top of the scale).
 */
export function layOutLiabilityChart(
  roots: readonly LiabilityRoot[],
  plot: PlotBox,
): { bars: LiabilityBar[]; top: LiabilityRoot } | null {
  const days = [...roots].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (days.length === 0) return null;
  const units = days.map((root) => (/^\d+$/.test(root.totalUnits) ? BigInt(root.totalUnits) : 0n));
  const max = units.reduce((best, value) => (value > best ? value : best), 0n);
  const slot = plot.width / days.length;
  const width = Math.max(1, Math.min(24, slot * 0.64));
  const bars = days.map((root, index): LiabilityBar => {
    const value = units[index] ?? 0n;
    // Parts per 10,000 of the plot height; a non-zero day shows at least 1 px.
    const share = max === 0n ? 0 : Number((value * 10_000n) / max) / 10_000;
    const height = value > 0n ? Math.max(1, share * plot.height) : 0;
    return {
      day: root.day,
      total: root.total,
      x: plot.left + index * slot + (slot - width) / 2,
      y: plot.top + plot.height - height,
      width,
      height,
    };
  });
  const top = days[units.indexOf(max)] ?? (days[0] as LiabilityRoot);
  return { bars, top };
}
