import { theme } from 'antd';

export type Bar = { label: string; value: string };

/** A bar's height from its decimal text: for drawing only, never for money. */
function magnitude(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

const WIDTH = 320;
const HEIGHT = 140;
const LEFT = 44;
const BOTTOM = 20;
const TOP = 8;

/** A small bar chart: one bar per day, its exact value in the bar's tooltip (<title>). */
export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const { token } = theme.useToken();
  const values = bars.map((bar) => magnitude(bar.value));
  const max = Math.max(0, ...values);
  const maxBar = bars[values.indexOf(max)];
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const step = bars.length ? plotWidth / bars.length : plotWidth;
  const barWidth = Math.max(1, step * 0.7);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={title}
      style={{ display: 'block', fontSize: 10, fontFamily: token.fontFamily }}
    >
      <title>{title}</title>
      <line x1={LEFT} y1={TOP} x2={LEFT} y2={TOP + plotHeight} stroke={token.colorBorder} />
      <line x1={LEFT} y1={TOP + plotHeight} x2={WIDTH} y2={TOP + plotHeight} stroke={token.colorBorder} />
      <text x={LEFT - 4} y={TOP + 8} textAnchor="end" fill={token.colorTextSecondary}>
        {maxBar?.value ?? '0'}
      </text>
      <text x={LEFT - 4} y={TOP + plotHeight} textAnchor="end" fill={token.colorTextSecondary}>
        0
      </text>
      {bars.map((bar, index) => {
        const height = max > 0 ? (values[index]! / max) * plotHeight : 0;
        return (
          <rect
            key={bar.label}
            x={LEFT + index * step + (step - barWidth) / 2}
            y={TOP + plotHeight - height}
            width={barWidth}
            height={Math.max(height, 0)}
            fill={token.colorPrimary}
          >
            <title>{`${bar.label}: ${bar.value}`}</title>
          </rect>
        );
      })}
      {bars.length > 0 && (
        <>
          <text x={LEFT} y={HEIGHT - 4} fill={token.colorTextSecondary}>
            {bars[0]!.label.slice(5)}
          </text>
          <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" fill={token.colorTextSecondary}>
            {bars[bars.length - 1]!.label.slice(5)}
          </text>
        </>
      )}
    </svg>
  );
}
