import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyOutputChart } from './daily-output-chart';

const day = (n: number, btc: string) => ({
  day: `2024-06-${String(n).padStart(2, '0')}`,
  btc,
  hashRate: '95',
  settled: { output: 'fixed' as const, rate: '0.0000008' },
});

const bars = () => screen.getAllByTestId('output-bar');
const heightOf = (bar: HTMLElement) => Number(bar.getAttribute('height'));

describe('daily output chart', () => {
  it('draws one bar per day, as tall as its share of the best day', () => {
    render(
      <DailyOutputChart
        days={[day(1, '0.0001'), day(2, '0'), day(3, '0.0002'), day(4, '0.00005'), day(5, '0.0002')]}
      />,
    );
    expect(bars().map((bar) => bar.dataset.day)).toEqual([
      '2024-06-01',
      '2024-06-02',
      '2024-06-03',
      '2024-06-04',
      '2024-06-05',
    ]);
    // The plot is 124 units tall: the best day fills it, half of it fills half.
    expect(bars().map(heightOf)).toEqual([62, 0, 124, 31, 124]);
    // Bars stand on the same baseline, left to right.
    const bottoms = bars().map((bar) => Number(bar.getAttribute('y')) + heightOf(bar));
    expect(new Set(bottoms).size).toBe(1);
    const xs = bars().map((bar) => Number(bar.getAttribute('x')));
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('labels the scale and the days, and describes itself to screen readers', () => {
    render(<DailyOutputChart days={[day(1, '0.0001'), day(2, '0.00000003'), day(3, '0.00020001')]} />);
    expect(screen.getByTestId('output-chart-max')).toHaveTextContent('0.00020001');
    expect(screen.getAllByTestId('output-chart-day').map((label) => label.textContent)).toEqual([
      '06-01',
      '06-02',
      '06-03',
    ]);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      '近3日每日BTC产出柱状图 共3天，合计 0.00030004 BTC，最高 0.00020001 BTC（2024-06-03）',
    );
    // A tiny day still shows: at least 1 unit tall.
    expect(heightOf(bars()[1]!)).toBe(1);
    expect(bars()[1]!.querySelector('title')).toHaveTextContent('2024-06-02: 0.00000003 BTC');
  });

  it("shows the latest day above the chart, and a tapped bar's day instead", () => {
    render(<DailyOutputChart days={[day(1, '0.0001'), day(2, '0.00012345')]} />);
    expect(screen.getByTestId('output-chart-selected')).toHaveTextContent('2024-06-020.00012345 BTC');
    fireEvent.click(bars()[0]!);
    expect(screen.getByTestId('output-chart-selected')).toHaveTextContent('2024-06-010.00010000 BTC');
  });

  it('shows an empty state for no days, or for days without output', () => {
    const { rerender } = render(<DailyOutputChart days={[]} />);
    expect(screen.getByTestId('output-chart-empty')).toHaveTextContent('暂无产出记录');
    rerender(<DailyOutputChart days={[day(1, '0'), day(2, '0')]} />);
    expect(screen.getByTestId('output-chart-empty')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
