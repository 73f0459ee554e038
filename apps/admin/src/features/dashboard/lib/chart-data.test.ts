import { describe, expect, it } from 'vitest';
import { isEmpty, rangeOf, toCharts } from './chart-data';

const day = (
  d: string,
  fields: Partial<{ newMembers: number; purchases: string; deposits: string; withdrawals: string }>,
) => ({
  day: d,
  newMembers: 0,
  purchases: '0',
  deposits: '0',
  withdrawals: '0',
  ...fields,
});

describe('chart data', () => {
  it('keeps every day and each value as sent, with a number beside it for drawing only', () => {
    const charts = toCharts([
      day('2026-04-01', { newMembers: 2, deposits: '9007199254740993.000001' }),
      day('2026-04-02', {}),
      day('2026-04-03', { withdrawals: '0.000001', purchases: '1200.5' }),
    ]);
    expect(charts.members).toEqual([
      {
        key: 'newMembers',
        points: [
          { day: '2026-04-01', text: '2', value: 2 },
          { day: '2026-04-02', text: '0', value: 0 },
          { day: '2026-04-03', text: '0', value: 0 },
        ],
      },
    ]);
    expect(charts.money.map((l) => l.key)).toEqual(['purchases', 'deposits', 'withdrawals']);
    // The text is exact even where a float is not.
    expect(charts.money[1]!.points[0]!.text).toBe('9007199254740993.000001');
    expect(charts.money[0]!.points.map((p) => p.text)).toEqual(['0', '0', '1200.5']);
    expect(charts.money[2]!.points.map((p) => p.value)).toEqual([0, 0, 0.000001]);
  });

  it('is empty with no day or only zeros', () => {
    expect(isEmpty(toCharts([]).money)).toBe(true);
    expect(isEmpty(toCharts([day('2026-04-01', {})]).money)).toBe(true);
    expect(isEmpty(toCharts([day('2026-04-01', { withdrawals: '0.000001' })]).money)).toBe(false);
  });

  it('reads 7, 30 or 90 days from the address, 30 otherwise', () => {
    expect([rangeOf('7'), rangeOf('30'), rangeOf('90')]).toEqual([7, 30, 90]);
    expect([rangeOf(null), rangeOf('14'), rangeOf('abc'), rangeOf('')]).toEqual([30, 30, 30, 30]);
  });
});
