/** Colours of the candlestick chart: the app's theme variables, read once, as canvas colours. */
export type ChartTheme = {
  up: string;
  down: string;
  text: string;
  grid: string;
  border: string;
  /** The moving averages' lines, shortest first. */
  averages: readonly [string, string, string];
};

const FALLBACK: ChartTheme = {
  up: '#19c37d',
  down: '#ff5b6b',
  text: '#9aa8c7',
  grid: 'rgba(160, 180, 230, 0.08)',
  border: 'rgba(160, 180, 230, 0.14)',
  averages: ['#f5c451', '#5fa8ff', '#c77dff'],
};

export function readChartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    ...FALLBACK,
    up: read('--mc-green', FALLBACK.up),
    down: read('--mc-danger', FALLBACK.down),
    text: read('--mc-text-secondary', FALLBACK.text),
    border: read('--mc-border', FALLBACK.border),
  };
}

/** A colour at `alpha` opacity: volume bars stay behind the candles. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
