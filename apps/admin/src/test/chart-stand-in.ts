// A stand-in for lightweight-charts, which draws on a canvas jsdom does not have. setup.ts mocks the
// library with it for every console test; it records what a page gives it, and lets a test move the
// pointer over a chart (`hoverAt`) or make the next chart fail.
type Crosshair = (param: { logical?: number; point?: { x: number; y: number } }) => void;
export type DrawnChart = {
  container: HTMLElement;
  options: unknown;
  series: { type: string; options: unknown; data: { time: number; value: number }[] }[];
  crosshair: Crosshair[];
  removed: boolean;
};

export const charts: DrawnChart[] = [];
export const standIn = { failNext: false };

export const LineSeries = 'Line';
export const HistogramSeries = 'Histogram';
export const ColorType = { Solid: 'solid' };
export const CrosshairMode = { Normal: 0, Magnet: 1 };

export function createChart(container: HTMLElement, options: unknown) {
  if (standIn.failNext) {
    standIn.failNext = false;
    throw new Error('no canvas');
  }
  const chart: DrawnChart = { container, options, series: [], crosshair: [], removed: false };
  charts.push(chart);
  return {
    addSeries(type: string, seriesOptions: unknown) {
      const series = { type, options: seriesOptions, data: [] as { time: number; value: number }[] };
      chart.series.push(series);
      return {
        setData: (data: { time: number; value: number }[]) => {
          series.data = data;
        },
        applyOptions: () => {},
      };
    },
    subscribeCrosshairMove: (handler: Crosshair) => chart.crosshair.push(handler),
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {
      chart.removed = true;
    },
  };
}

/** The live charts (not removed) drawn inside `element`. */
export function chartsIn(element: HTMLElement): DrawnChart[] {
  return charts.filter((c) => !c.removed && element.contains(c.container));
}
