import type { Asset } from '@minecloud/contract/amount';
import type { LiabilityRoot } from '@minecloud/contract/transparency';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layOutLiabilityChart, type PlotBox } from '../lib/liability-chart';
import { useAmountText, useAssetLabel, useExactText } from './asset-label';
import './liability-chart.css';

const VIEW_WIDTH = 320;
const VIEW_HEIGHT = 132;
/** Room above for the top value, below for the first and last day. */
const PLOT: PlotBox = { left: 0, top: 16, width: VIEW_WIDTH, height: 92 };
const BASELINE = PLOT.top + PLOT.height;

const shortDay = (day: string) => day.slice(5);

/**
 * One asset's published total per day as bars, plain SVG (no chart library). Tapping a bar shows its
 * day and total above the chart; the newest day is shown first.
 */
export function LiabilityChart({ asset, roots }: { asset: Asset; roots: LiabilityRoot[] }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const label = useAssetLabel();
  const exact = useExactText();
  const id = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const layout = layOutLiabilityChart(roots, PLOT);
  if (!layout) return null;
  const { bars, top } = layout;
  const shown = bars.find((bar) => bar.day === selected) ?? bars[bars.length - 1];
  const first = bars[0];
  const last = bars[bars.length - 1];
  const slot = PLOT.width / bars.length;
  return (
    <figure className="liability-chart" data-testid={`liability-chart-${asset}`}>
      <figcaption className="liability-chart__caption" aria-live="polite" data-testid="liability-chart-selected">
        {shown && (
          <>
            <span>{shown.day}</span>
            <strong>
              {exact(shown.total)} {label(asset)}
            </strong>
          </>
        )}
      </figcaption>
      <svg
        className="liability-chart__svg"
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        role="img"
        aria-labelledby={id}
      >
        <title id={id}>{t('transparencyChartTitle', { n: bars.length, asset: label(asset) })}</title>
        <line className="liability-chart__grid" x1={0} x2={VIEW_WIDTH} y1={PLOT.top} y2={PLOT.top} />
        <line className="liability-chart__axis" x1={0} x2={VIEW_WIDTH} y1={BASELINE} y2={BASELINE} />
        <text className="liability-chart__label" x={2} y={PLOT.top - 4}>
          {amountText(top.total, asset)}
        </text>
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
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut for phones; each bar's title carries the same data.
          <g key={bar.day} className="liability-chart__slot" onClick={() => setSelected(bar.day)}>
            <rect x={PLOT.left + index * slot} y={PLOT.top} width={slot} height={PLOT.height} fill="transparent" />
            <rect
              className={`liability-chart__bar${bar === shown ? ' is-selected' : ''}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              data-testid="liability-bar"
              data-day={bar.day}
            >
              <title>{`${bar.day}: ${exact(bar.total)} ${label(asset)}`}</title>
            </rect>
          </g>
        ))}
      </svg>
    </figure>
  );
}
