import type { OnChainAsset, SolvencyDay } from '@minecloud/contract/solvency';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotBox } from '../lib/liability-chart';
import { layOutRatioChart } from '../lib/solvency-chart';
import './liability-chart.css';

const VIEW_WIDTH = 320;
const VIEW_HEIGHT = 120;
/** Room above for the caption's line, below for the first and last day. */
const PLOT: PlotBox = { left: 0, top: 8, width: VIEW_WIDTH, height: 88 };
const BASELINE = PLOT.top + PLOT.height;

const shortDay = (day: string) => day.slice(5);

/**
 * One asset's reserves ÷ liabilities per day as bars (plain SVG, as the liabilities chart), with a
 * dashed line at 1: a bar below it, in the danger colour, is a day the reserves fell short. Tapping a
 * bar shows its day and ratio above the chart; the list below the charts has every figure as text.
 */
export function SolvencyChart({ asset, list }: { asset: OnChainAsset; list: SolvencyDay[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const layout = layOutRatioChart(list, asset, PLOT);
  if (!layout) return null;
  const { bars, oneY } = layout;
  const shown = bars.find((bar) => bar.day === selected) ?? bars[bars.length - 1];
  const first = bars[0];
  const last = bars[bars.length - 1];
  const slot = PLOT.width / bars.length;
  return (
    <figure className="liability-chart" data-testid={`solvency-chart-${asset}`}>
      <figcaption className="liability-chart__caption" aria-live="polite" data-testid="solvency-chart-selected">
        <span>{asset}</span>
        {shown && (
          <span className={shown.covered === false ? 'solvency-chart__below' : undefined}>
            {shown.day} · {shown.ratio ?? '—'}
            {shown.covered === false ? ` · ${t('transparencySolvencyBelowOneShort')}` : ''}
          </span>
        )}
      </figcaption>
      <svg
        className="liability-chart__svg solvency-chart__svg"
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        role="img"
        aria-labelledby={id}
      >
        <title id={id}>{t('transparencySolvencyChartTitle', { n: bars.length, asset })}</title>
        <line className="liability-chart__axis" x1={0} x2={VIEW_WIDTH} y1={BASELINE} y2={BASELINE} />
        {first && (
          <text className="liability-chart__label" x={0} y={VIEW_HEIGHT - 6}>
            {shortDay(first.day)}
          </text>
        )}
        {last && last !== first && (
          <text className="liability-chart__label" x={VIEW_WIDTH} y={VIEW_HEIGHT - 6} textAnchor="end">
            {shortDay(last.day)}
          </text>
        )}
        {bars.map((bar, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut for phones; the list below has the same data.
          <g key={bar.day} className="liability-chart__slot" onClick={() => setSelected(bar.day)}>
            <rect x={PLOT.left + index * slot} y={PLOT.top} width={slot} height={PLOT.height} fill="transparent" />
            <rect
              className={`liability-chart__bar${bar === shown ? ' is-selected' : ''}${bar.covered === false ? ' solvency-chart__bar--below' : ''}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              data-testid="solvency-bar"
              data-day={bar.day}
            >
              <title>{`${bar.day}: ${bar.ratio ?? '—'}`}</title>
            </rect>
          </g>
        ))}
        <line className="solvency-chart__one" x1={0} x2={VIEW_WIDTH} y1={oneY} y2={oneY} />
        <text className="liability-chart__label" x={VIEW_WIDTH} y={oneY - 3} textAnchor="end">
          1
        </text>
      </svg>
    </figure>
  );
}
