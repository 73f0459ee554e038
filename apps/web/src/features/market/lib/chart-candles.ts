import type { Candle } from '@minecloud/contract/market';
// A type only: the chart library itself is loaded by the chart component, when it is shown.
import type { UTCTimestamp } from 'lightweight-charts';

export type ChartCandle = { time: UTCTimestamp; open: number; high: number; low: number; close: number };
export type ChartVolume = { time: UTCTimestamp; value: number; up: boolean };

/**
 * Candles as the chart draws them: oldest first, one per time, floats only for drawing. A candle
 * with an unreadable time or price is left out rather than drawn at zero (the chart refuses
 * unsorted or repeated times outright).
 */
export function toChartCandles(list: readonly Candle[]): { candles: ChartCandle[]; volumes: ChartVolume[] } {
  const byTime = new Map<number, { candle: ChartCandle; volume: number }>();
  for (const row of list) {
    const millis = Date.parse(row.time);
    const [open, high, low, close, volume] = [row.open, row.high, row.low, row.close, row.volume].map(
      Number.parseFloat,
    );
    if (![millis, open, high, low, close].every(Number.isFinite)) continue;
    const time = Math.floor(millis / 1000) as UTCTimestamp;
    byTime.set(time, {
      candle: { time, open: open as number, high: high as number, low: low as number, close: close as number },
      volume: Number.isFinite(volume) ? (volume as number) : 0,
    });
  }
  const sorted = [...byTime.values()].sort((a, b) => a.candle.time - b.candle.time);
  return {
    candles: sorted.map(({ candle }) => candle),
    volumes: sorted.map(({ candle, volume }) => ({
      time: candle.time,
      value: volume,
      up: candle.close >= candle.open,
    })),
  };
}

/** The moving averages drawn over the candles: their periods, in candles. */
export const MOVING_AVERAGES = [7, 25, 99] as const;

export type ChartLinePoint = { time: UTCTimestamp; value: number };

/**
 * The simple moving average of the closes over `period` candles, one point per candle from the
 * `period`-th on (no point where fewer candles are there to average). Floats, for drawing only.
 */
export function movingAverage(candles: readonly ChartCandle[], period: number): ChartLinePoint[] {
  const points: ChartLinePoint[] = [];
  let sum = 0;
  candles.forEach((candle, index) => {
    sum += candle.close;
    const leaving = candles[index - period];
    if (leaving) sum -= leaving.close;
    if (index >= period - 1) points.push({ time: candle.time, value: sum / period });
  });
  return points;
}

/**
 * The price axis' and crosshair's labels in the member's language: its grouping and decimal signs
 * (Intl), with the places of the latest price (pricePlaces), so "68,000.00" sits beside "62,950.55".
 */
export function chartPriceFormatter(locale: string, places: number): (price: number) => string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
  return (price) => format.format(price);
}

/** The volume pane's axis: few characters in the member's language ("1.2K", "1.2천", "120万"). */
export function chartVolumeFormatter(locale: string): (volume: number) => string {
  const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (volume) => format.format(volume);
}
