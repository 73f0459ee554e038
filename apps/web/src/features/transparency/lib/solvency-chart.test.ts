import type { SolvencyDay } from '@minecloud/contract/solvency';
import { describe, expect, it } from 'vitest';
import { layOutRatioChart } from './solvency-chart';

const PLOT = { left: 0, top: 0, width: 300, height: 100 };

/** A day with only what the chart reads: each asset's ratio and whether it is covered. */
const day = (date: string, usdt: string | null, covered: boolean | null = usdt === null ? null : Number(usdt) >= 1) =>
  ({ day: date, assets: [{ asset: 'USDT', ratio: usdt, covered }] }) as unknown as SolvencyDay;

describe('layOutRatioChart', () => {
  it('draws the days oldest first on a scale a little above the best ratio, with the line of 1', () => {
    const layout = layOutRatioChart(
      [day('2026-11-23', '0.5000'), day('2026-11-21', '2.0000'), day('2026-11-22', null)],
      'USDT',
      PLOT,
    );
    expect(layout?.bars.map((bar) => bar.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(layout?.top).toBeCloseTo(2.3);
    const [best, none, below] = layout?.bars ?? [];
    expect(best?.height).toBeCloseTo((2 / 2.3) * 100);
    expect(none?.height).toBe(0);
    expect(below?.covered).toBe(false);
    expect(below?.height).toBeCloseTo((0.5 / 2.3) * 100);
    expect(layout?.oneY).toBeCloseTo(100 - (1 / 2.3) * 100);
  });

  it('keeps 1 on the scale when every day is well below it, and draws nothing without a ratio', () => {
    const layout = layOutRatioChart([day('2026-11-23', '0.0001')], 'USDT', PLOT);
    expect(layout?.top).toBeCloseTo(1.15);
    expect(layout?.bars[0]?.height).toBe(1);
    expect(layOutRatioChart([day('2026-11-23', null)], 'USDT', PLOT)).toBeNull();
    expect(layOutRatioChart([day('2026-11-23', '1.0000')], 'BTC', PLOT)).toBeNull();
  });
});
