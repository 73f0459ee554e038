import { describe, expect, it } from 'vitest';
import { chartPriceFormatter, chartVolumeFormatter, movingAverage, toChartCandles } from './chart-candles';

const candle = (time: string, open: string, close: string, volume = '10') => ({
  time,
  open,
  high: '200',
  low: '50',
  close,
  volume,
});

describe('toChartCandles', () => {
  it('turns ISO open times into UTC seconds and prices into numbers for drawing', () => {
    const { candles, volumes } = toChartCandles([candle('2024-05-06T00:00:00.000Z', '100.5', '120.25', '3.5')]);
    expect(candles).toEqual([{ time: 1714953600, open: 100.5, high: 200, low: 50, close: 120.25 }]);
    expect(volumes).toEqual([{ time: 1714953600, value: 3.5, up: true }]);
  });

  it('sorts by time, keeps the last of a repeated time, and marks falling candles', () => {
    const { candles, volumes } = toChartCandles([
      candle('2024-05-07T00:00:00Z', '120', '110'),
      candle('2024-05-06T00:00:00Z', '100', '101'),
      candle('2024-05-07T00:00:00Z', '120', '90'),
    ]);
    expect(candles.map((c) => [c.time, c.close])).toEqual([
      [1714953600, 101],
      [1715040000, 90],
    ]);
    expect(volumes.map((v) => v.up)).toEqual([true, false]);
  });

  it('leaves out a candle it cannot read rather than drawing it at zero', () => {
    const { candles } = toChartCandles([candle('not a time', '1', '2'), candle('2024-05-06T00:00:00Z', '1', '2')]);
    expect(candles).toHaveLength(1);
  });
});

describe('movingAverage', () => {
  const closes = (values: number[]) =>
    toChartCandles(
      values.map((close, day) => candle(`2024-05-${String(day + 1).padStart(2, '0')}T00:00:00Z`, '1', String(close))),
    ).candles;

  it('averages the last `period` closes, from the period-th candle on', () => {
    const points = movingAverage(closes([1, 2, 3, 4, 5, 9]), 3);
    expect(points.map((point) => point.value)).toEqual([2, 3, 4, 6]);
    // Each point sits on the candle that closes its window.
    expect(points[0]?.time).toBe(Date.UTC(2024, 4, 3) / 1000);
    expect(points.at(-1)?.time).toBe(Date.UTC(2024, 4, 6) / 1000);
  });

  it('draws nothing with fewer candles than the period', () => {
    expect(movingAverage(closes([1, 2]), 7)).toEqual([]);
    expect(movingAverage(closes([4]), 1)).toEqual([{ time: Date.UTC(2024, 4, 1) / 1000, value: 4 }]);
  });
});

describe('the axes in the member language', () => {
  it('groups thousands and keeps the price places, as the other prices read', () => {
    expect(chartPriceFormatter('zh-CN', 2)(68000)).toBe('68,000.00');
    expect(chartPriceFormatter('en', 2)(62950.554)).toBe('62,950.55');
    expect(chartPriceFormatter('ms-MY', 4)(0.24125)).toBe('0.2413');
    expect(chartPriceFormatter('ko-KR', 2)(1234567.5)).toBe('1,234,567.50');
  });

  it('writes volumes short, in the language', () => {
    expect(chartVolumeFormatter('en')(1234)).toBe('1.2K');
    expect(chartVolumeFormatter('zh-CN')(1_234_567)).toBe('123.5万');
  });
});
