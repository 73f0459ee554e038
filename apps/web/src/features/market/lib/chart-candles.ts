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
