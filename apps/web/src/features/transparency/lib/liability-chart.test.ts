import type { LiabilityRoot } from '@minecloud/contract/transparency';
import { describe, expect, it } from 'vitest';
import { layOutLiabilityChart } from './liability-chart';
import { formatInZone } from './zone-time';

const root = (day: string, totalUnits: string, total: string): LiabilityRoot => ({
  day,
  asset: 'BTC',
  root: 'a'.repeat(64),
  totalUnits,
  total,
  members: 3,
  takenAt: `${day}T16:00:00.000Z`,
});
const PLOT = { left: 0, top: 10, width: 300, height: 100 };

describe('layOutLiabilityChart', () => {
  it('draws the days oldest first, heights in proportion to the exact totals', () => {
    const layout = layOutLiabilityChart(
      [
        root('2026-11-23', '20000000000000000000', '200000000000'),
        root('2026-11-21', '0', '0'),
        root('2026-11-22', '10000000000000000000', '100000000000'),
      ],
      PLOT,
    );
    expect(layout?.bars.map((bar) => bar.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(layout?.bars.map((bar) => bar.height)).toEqual([0, 50, 100]);
    expect(layout?.bars[2]?.y).toBe(10);
    expect(layout?.top.total).toBe('200000000000');
  });

  it('keeps a tiny total visible and has nothing to draw without days', () => {
    const layout = layOutLiabilityChart(
      [root('2026-11-22', '1', '0.00000001'), root('2026-11-23', '100000000', '1')],
      PLOT,
    );
    expect(layout?.bars[0]?.height).toBe(1);
    expect(layOutLiabilityChart([], PLOT)).toBeNull();
  });
});

describe('formatInZone', () => {
  it('shows a time in the settlement time zone, whatever the reader’s', () => {
    expect(formatInZone('2026-11-24T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-11-25 00:00');
    expect(formatInZone('2026-11-24T16:00:00.000Z', 'UTC')).toBe('2026-11-24 16:00');
    expect(formatInZone('not a time', 'UTC')).toBe('not a time');
    expect(formatInZone('2026-11-24T16:00:00.000Z', 'Not/AZone')).toBe('2026-11-24T16:00:00.000Z');
  });
});
