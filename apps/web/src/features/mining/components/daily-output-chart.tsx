import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import type { DailyOutput } from '../api/get-daily-output';
import { layOutOutputChart, type PlotBox, shortDay } from '../lib/output-chart';
import './daily-output-chart.css';

const VIEW_WIDTH = 320;
const VIEW_HEIGHT = 172;
/** Room above for the top value, below for the day labels. */
const PLOT: PlotBox = { left: 0, top: 18, width: VIEW_WIDTH, height: 124 };
const BASELINE = PLOT.top + PLOT.height;

/**
 * The member's BTC output per day as bars, drawn as plain SVG (no chart library: it would weigh
 * more than the whole page). Tapping a bar shows its day and amount above the chart.
 */
export function DailyOutputChart({ days }: { days: DailyOutput[] }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const btc = (value: string) => money(value, 'BTC');
  const id = useId();
  const layout = layOutOutputChart(days, PLOT);
  const [selected, setSelected] = useState<number | null>(null);

  if (!layout) {
    return (
      <p className="output-chart__empty" data-testid="output-chart-empty">
        {t('outputChartEmpty')}
      </p>
    );
  }

  const { bars } = layout;
  const shownIndex = selected !== null && selected < bars.length ? selected : bars.length - 1;
  const shown = bars[shownIndex];
  const slot = PLOT.width / bars.length;
  const labelled = [0, Math.floor((bars.length - 1) / 2), bars.length - 1].filter(
    (index, position, all) => all.indexOf(index) === position,
  );
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <figure className="output-chart" data-testid="output-chart">
      <figcaption className="output-chart__caption" aria-live="polite" data-testid="output-chart-selected">
        {shown && (
          <>
            <span>{shown.day}</span>
            <strong>{btc(shown.btc)} BTC</strong>
          </>
        )}
      </figcaption>
      <svg
        className="output-chart__svg"
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{t('outputChartTitle', { n: days.length })}</title>
        <desc id={descId}>
          {t('outputChartSummary', {
            n: days.length,
            s: btc(layout.total),
            m: btc(layout.peak.btc),
            d: layout.peak.day,
          })}
        </desc>
        <g className="output-chart__grid">
          <line x1={0} x2={VIEW_WIDTH} y1={PLOT.top} y2={PLOT.top} />
          <line x1={0} x2={VIEW_WIDTH} y1={PLOT.top + PLOT.height / 2} y2={PLOT.top + PLOT.height / 2} />
          <line className="output-chart__axis" x1={0} x2={VIEW_WIDTH} y1={BASELINE} y2={BASELINE} />
        </g>
        <g className="output-chart__labels">
          <text x={2} y={PLOT.top - 5} data-testid="output-chart-max">
            {btc(layout.max)}
          </text>
          <text x={2} y={PLOT.top + PLOT.height / 2 - 5}>
            {btc(layout.half)}
          </text>
          {labelled.map((index) => {
            const bar = bars[index];
            if (!bar) return null;
            const anchor = index === 0 ? 'start' : index === bars.length - 1 ? 'end' : 'middle';
            const x = anchor === 'start' ? 0 : anchor === 'end' ? VIEW_WIDTH : bar.x + bar.width / 2;
            return (
              <text key={bar.day} x={x} y={VIEW_HEIGHT - 8} textAnchor={anchor} data-testid="output-chart-day">
                {shortDay(bar.day)}
              </text>
            );
          })}
        </g>
        {bars.map((bar, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut for phones; the description and each bar's title carry the same data.
          <g key={bar.day} className="output-chart__slot" onClick={() => setSelected(index)}>
            <rect x={PLOT.left + index * slot} y={PLOT.top} width={slot} height={PLOT.height} fill="transparent" />
            <rect
              className={`output-chart__bar${index === shownIndex ? ' is-selected' : ''}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={Math.min(2, bar.width / 2)}
              data-testid="output-bar"
              data-day={bar.day}
            >
              <title>{`${bar.day}: ${btc(bar.btc)} BTC`}</title>
            </rect>
          </g>
        ))}
      </svg>
    </figure>
  );
}
