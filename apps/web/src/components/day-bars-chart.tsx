import type { Asset } from '@minecloud/contract/amount';
import { type ReactNode, useId, useState } from 'react';
import { type DayAmount, type DayBar, type DayBarsLayout, layOutDayBars, type PlotBox, shortDay } from '@/lib/day-bars';
import { useMoneyText } from '@/lib/money-text';
import './day-bars-chart.css';

/** The drawing's size in view units, and where in it the bars stand. */
export type ChartBox = {
  width: number;
  height: number;
  plot: PlotBox;
  /** How far above its grid line a scale value sits, and the day labels above the bottom. */
  lift: number;
  drop: number;
};

/** A box 320 wide (a phone's width), `height` tall, its plot the whole width from `top` down. */
export function chartBox(height: number, plot: { top: number; height: number }, lift: number, drop: number): ChartBox {
  return { width: 320, height, plot: { left: 0, width: 320, ...plot }, lift, drop };
}

/** Room above for the top value, below for the day labels. */
export const TALL_BOX = chartBox(172, { top: 18, height: 124 }, 5, 8);

/** A bar laid out inside the box's plot; an estimate (a day not settled yet) is outlined. */
export type PlacedBar = { day: string; x: number; y: number; width: number; height: number; estimate?: boolean };

type DayBarsFigureProps<B extends PlacedBar> = {
  bars: readonly B[];
  box?: ChartBox;
  /** The transparency page's look: a 320 × 132 box (the view sits in its middle), a tighter caption, fainter bars. */
  compact?: boolean;
  /** The chart's name, and a description of it, for screen readers. */
  title: string;
  desc?: string;
  /** What the caption says of the shown bar, and each bar's own title. */
  caption: (bar: B) => ReactNode;
  barTitle: (bar: B) => string;
  /** A bar drawn in the danger colour (a day that fell short). */
  danger?: (bar: B) => boolean;
  /** The scale's values on the top grid line and, when given, the middle one; no grid without it. */
  scale?: { top: ReactNode; half?: ReactNode };
  /** Label the middle day as well as the first and the last. */
  middleDay?: boolean;
  /** A dashed line across the bars at `y`, with its value at the right end. */
  reference?: { y: number; label: string };
  /** The prefix of the parts' test ids (`-selected`, `-max`, `-day`), the figure's unless told, each bar's. */
  testId: string;
  figureTestId?: string;
  barTestId: string;
};

/**
 * The member app's one bar chart of a value per day, drawn as plain SVG (no chart library: it would
 * weigh more than the whole page). Tapping a bar shows it in the caption above (the newest day until
 * then); each bar's title, and the description when given, carry the same figures for screen readers.
 */
export function DayBarsFigure<B extends PlacedBar>({
  bars,
  box = TALL_BOX,
  compact = false,
  title,
  desc,
  caption,
  barTitle,
  danger,
  scale,
  middleDay = false,
  reference,
  testId,
  figureTestId = testId,
  barTestId,
}: DayBarsFigureProps<B>) {
  const id = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const shown = bars.find((bar) => bar.day === selected) ?? bars[bars.length - 1];
  if (!shown) return null;

  const { width, height, plot } = box;
  const baseline = plot.top + plot.height;
  const middle = plot.top + plot.height / 2;
  const slot = plot.width / bars.length;
  const last = bars.length - 1;
  const labelled = [0, ...(middleDay ? [Math.floor(last / 2)] : []), last].filter(
    (index, position, all) => all.indexOf(index) === position,
  );
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <figure className={`day-bars${compact ? ' day-bars--compact' : ''}`} data-testid={figureTestId}>
      <figcaption className="day-bars__caption" aria-live="polite" data-testid={`${testId}-selected`}>
        {caption(shown)}
      </figcaption>
      <svg
        className="day-bars__svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={desc === undefined ? titleId : `${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        {desc !== undefined && <desc id={descId}>{desc}</desc>}
        <g className="day-bars__grid">
          {scale && <line x1={0} x2={width} y1={plot.top} y2={plot.top} />}
          {scale?.half !== undefined && <line x1={0} x2={width} y1={middle} y2={middle} />}
          <line className="day-bars__axis" x1={0} x2={width} y1={baseline} y2={baseline} />
        </g>
        <g className="day-bars__labels">
          {scale && (
            <text x={2} y={plot.top - box.lift} data-testid={`${testId}-max`}>
              {scale.top}
            </text>
          )}
          {scale?.half !== undefined && (
            <text x={2} y={middle - box.lift}>
              {scale.half}
            </text>
          )}
          {labelled.map((index) => {
            const bar = bars[index];
            if (!bar) return null;
            const anchor = index === 0 ? 'start' : index === last ? 'end' : 'middle';
            const x = anchor === 'start' ? 0 : anchor === 'end' ? width : bar.x + bar.width / 2;
            return (
              <text key={bar.day} x={x} y={height - box.drop} textAnchor={anchor} data-testid={`${testId}-day`}>
                {shortDay(bar.day)}
              </text>
            );
          })}
        </g>
        {bars.map((bar, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut for phones; each bar's title carries the same data.
          <g key={bar.day} className="day-bars__slot" onClick={() => setSelected(bar.day)}>
            <rect x={plot.left + index * slot} y={plot.top} width={slot} height={plot.height} fill="transparent" />
            <rect
              className={`day-bars__bar${bar === shown ? ' is-selected' : ''}${bar.estimate ? ' is-estimate' : ''}${danger?.(bar) ? ' is-danger' : ''}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              data-testid={barTestId}
              data-day={bar.day}
              data-estimate={bar.estimate || undefined}
            >
              <title>{barTitle(bar)}</title>
            </rect>
          </g>
        ))}
        {reference && (
          <g className="day-bars__labels">
            <line className="day-bars__reference" x1={0} x2={width} y1={reference.y} y2={reference.y} />
            <text x={width} y={reference.y - 3} textAnchor="end">
              {reference.label}
            </text>
          </g>
        )}
      </svg>
    </figure>
  );
}

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

/** An amount of `asset` per day as a {@link DayBarsFigure}, with its scale and the middle day labelled. */
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
  const layout = layOutDayBars(days, asset, TALL_BOX.plot);
  if (!layout) return empty;
  const dayText = (bar: DayBar) => (bar.estimate ? `${bar.day} ${estimateLabel}` : bar.day);
  return (
    <DayBarsFigure
      bars={layout.bars}
      title={title}
      desc={describe(layout)}
      caption={(bar) => (
        <>
          <span>{dayText(bar)}</span>
          <strong>{detail ? detail(bar) : amountText(bar.amount)}</strong>
        </>
      )}
      barTitle={(bar) => `${dayText(bar)}: ${amountText(bar.amount)}`}
      scale={{ top: money(layout.max, asset), half: money(layout.half, asset) }}
      middleDay
      testId={testId}
      barTestId={barTestId}
    />
  );
}
