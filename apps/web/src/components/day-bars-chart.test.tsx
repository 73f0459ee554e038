import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DayBarsFigure, type PlacedBar } from './day-bars-chart';

type Bar = PlacedBar & { value: string; short: boolean };

const bar = (n: number, value: string, short = false): Bar => ({
  day: `2026-11-${String(20 + n).padStart(2, '0')}`,
  x: n * 100 + 18,
  y: 50,
  width: 64,
  height: 50,
  value,
  short,
});

function renderFigure(bars: Bar[], extra: { desc?: string; reference?: { y: number; label: string } } = {}) {
  return render(
    <DayBarsFigure
      bars={bars}
      title="Ratio per day"
      caption={(shown) => <span>{`${shown.day} · ${shown.value}`}</span>}
      barTitle={(shown) => `${shown.day}: ${shown.value}`}
      danger={(shown) => shown.short}
      testId="test-chart"
      barTestId="test-bar"
      {...extra}
    />,
  );
}

describe('day bars figure', () => {
  it('draws one bar per day with its own accessible label, the newest shown first', () => {
    renderFigure([bar(0, '1.2'), bar(1, '0.9', true), bar(2, '1.1')]);
    const bars = screen.getAllByTestId('test-bar');
    expect(bars.map((shown) => shown.dataset.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(bars.map((shown) => shown.querySelector('title')?.textContent)).toEqual([
      '2026-11-20: 1.2',
      '2026-11-21: 0.9',
      '2026-11-22: 1.1',
    ]);
    expect(screen.getByRole('img', { name: 'Ratio per day' })).toBeInTheDocument();
    expect(screen.getByTestId('test-chart-selected')).toHaveTextContent('2026-11-22 · 1.1');
    expect(bars[2]).toHaveClass('is-selected');
    // Only the day marked so takes the danger colour.
    expect(bars.map((shown) => shown.classList.contains('is-danger'))).toEqual([false, true, false]);
    // First and last day labelled; no scale asked for, so no value on the grid.
    expect(screen.getAllByTestId('test-chart-day').map((label) => label.textContent)).toEqual(['11-20', '11-22']);
    expect(screen.queryByTestId('test-chart-max')).not.toBeInTheDocument();
  });

  it('shows a tapped bar in the caption, and names the chart by its title and description', () => {
    renderFigure([bar(0, '1.2'), bar(1, '0.9', true)], { desc: 'Two days, one below 1.' });
    fireEvent.click(screen.getAllByTestId('test-bar')[0] as HTMLElement);
    expect(screen.getByTestId('test-chart-selected')).toHaveTextContent('2026-11-20 · 1.2');
    expect(screen.getByRole('img', { name: 'Ratio per day Two days, one below 1.' })).toBeInTheDocument();
  });

  it('draws a reference line with its value, and nothing without bars', () => {
    const { container, unmount } = renderFigure([bar(0, '1.2')], { reference: { y: 40, label: '1' } });
    expect(container.querySelector('.day-bars__reference')?.getAttribute('y1')).toBe('40');
    unmount();
    const empty = renderFigure([]);
    expect(empty.container).toBeEmptyDOMElement();
  });
});
