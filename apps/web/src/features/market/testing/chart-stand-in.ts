// A stand-in for lightweight-charts, which draws on a canvas jsdom does not have. src/test/setup.ts
// mocks the library with it for every web test; it records what a page gives it.
export const drawn = { options: [] as unknown[], setData: [] as { series: string; data: unknown[] }[] };

const series = (name: string) => ({
  setData: (data: unknown[]) => drawn.setData.push({ series: name, data }),
  applyOptions: () => {},
  priceScale: () => ({ applyOptions: () => {} }),
});

export const CandlestickSeries = 'Candlestick';
export const HistogramSeries = 'Histogram';
export const LineSeries = 'Line';
export const ColorType = { Solid: 'solid' };
export const CrosshairMode = { Normal: 0 };

export function createChart(_container: HTMLElement, options: unknown) {
  drawn.options.push(options);
  return {
    addSeries: (type: string) => series(type),
    panes: () => [{ setStretchFactor: () => {} }, { setStretchFactor: () => {} }],
    applyOptions: (more: unknown) => drawn.options.push(more),
    remove: () => {},
  };
}
