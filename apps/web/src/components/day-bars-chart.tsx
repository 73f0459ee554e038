import type { Asset } from '@minecloud/contract/amount';
import { type ReactNode, useId, useState } from 'react';
import { type DayAmount, type DayBar, type DayBarsLayout, layOutDayBars, type PlotBox, shortDay } from '@/lib/day-bars';
import { useMoneyText } from '@/lib/money-text';
import './day-bars-chart.css';

const VIEW_WIDTH = 320;
const VIEW_HEIGHT = 172;
/** Room above for the top value, below for the day labels. */
const PLOT: PlotBox = { left: 0, top: 18, width: VIEW_WIDTH, height: 124 };
const BASELINE = PLOT.top + PLOT.height;

type DayBarsChartProps = {
  days: readonly DayAmount[];
  asset: Asset;
  /** The chart's name and its description for screen readers, from the laid-out bars. */
  title: string;
  describe: (layout: DayBarsLayout) => string;
  /** Shown instead of the chart when no day has anything. */
  empty: ReactNode;
  /** What the caption says of the shown bar (default: its amount), and what an estimate is called. */
  detail?: (bar: DayBar) => ReactNode;
  estimateLabel?: string;
  /** The figure's test id (its parts' ids start with it), and each bar's. */
  testId: string;
  barTestId: string;
};

/**
 * An amount per day as bars, drawn as plain SVG (no chart library: it would weigh more than the
 * whole page). Tapping a bar shows its day and amount above the chart; an estimate (a day not
 * settled yet) is outlined and named so.
 */
export function DayBarsChart({
  days,
  asset,
  title,
  describe,
  empty,
  detail,
  estimateLabel = '',
  testId,
  barTestId,
}: DayBarsChartProps) {
  const money = useMoneyText();
  const amountText = (value: string) => `${money(value, asset)} ${asset}`;
  const id = useId();
  const layout = layOutDayBars(days, asset, PLOT);
  const [selected, setSelected] = useState<number | null>(null);

  if (!layout) return empty;

  const { bars } = layout;
  const shownIndex = selected !== null && selected < bars.length ? selected : bars.length - 1;
  const shown = bars[shownIndex];
  const slot = PLOT.width / bars.length;
  const labelled = [0, Math.floor((bars.length - 1) / 2), bars.length - 1].filter(
    (index, position, all) => all.indexOf(index) === position,
  );
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const dayText = (bar: DayBar) => (bar.estimate ? `${bar.day} ${estimateLabel}` : bar.day);

  return (
    <figure className="day-bars" data-testid={testId}>
      <figcaption className="day-bars__caption" aria-live="polite" data-testid={`${testId}-selected`}>
        {shown && (
          <>
            <span>{dayText(shown)}</span>
            <strong>{detail ? detail(shown) : amountText(shown.amount)}</strong>
          </>
        )}
      </figcaption>
      <svg
        className="day-bars__svg"
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{describe(layout)}</desc>
        <g className="day-bars__grid">
          <line x1={0} x2={VIEW_WIDTH} y1={PLOT.top} y2={PLOT.top} />
          <line x1={0} x2={VIEW_WIDTH} y1={PLOT.top + PLOT.height / 2} y2={PLOT.top + PLOT.height / 2} />
          <line className="day-bars__axis" x1={0} x2={VIEW_WIDTH} y1={BASELINE} y2={BASELINE} />
        </g>
        <g className="day-bars__labels">
          <text x={2} y={PLOT.top - 5} data-testid={`${testId}-max`}>
            {money(layout.max, asset)}
          </text>
          <text x={2} y={PLOT.top + PLOT.height / 2 - 5}>
            {money(layout.half, asset)}
          </text>
          {labelled.map((index) => {
            const bar = bars[index];
            if (!bar) return null;
            const anchor = index === 0 ? 'start' : index === bars.length - 1 ? 'end' : 'middle';
            const x = anchor === 'start' ? 0 : anchor === 'end' ? VIEW_WIDTH : bar.x + bar.width / 2;
            return (
              <text key={bar.day} x={x} y={VIEW_HEIGHT - 8} textAnchor={anchor} data-testid={`${testId}-day`}>
                {shortDay(bar.day)}
              </text>
            );
          })}
        </g>
        {bars.map((bar, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut for phones; the description and each bar's title carry the same data.
          <g key={bar.day} className="day-bars__slot" onClick={() => setSelected(index)}>
            <rect x={PLOT.left + index * slot} y={PLOT.top} width={slot} height={PLOT.height} fill="transparent" />
            <rect
              className={`day-bars__bar${index === shownIndex ? ' is-selected' : ''}${bar.estimate ? ' is-estimate' : ''}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              data-testid={barTestId}
              data-day={bar.day}
              data-estimate={bar.estimate || undefined}
            >
              <title>{`${dayText(bar)}: ${amountText(bar.amount)}`}</title>
            </rect>
          </g>
        ))}
      </svg>
    </figure>
  );
}
