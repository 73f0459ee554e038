import type { Candle, KlineInterval } from '@minecloud/contract/market';
import { DotLoading } from 'antd-mobile';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { NO_FIGURE, pricePlaces } from '@/lib/price-text';
import {
  chartPriceFormatter,
  chartVolumeFormatter,
  MOVING_AVERAGES,
  movingAverage,
  toChartCandles,
} from '../lib/chart-candles';
import { readChartTheme, withAlpha } from '../lib/chart-theme';
import { trustPixelRatio } from '../lib/device-pixel-box';
import './kline-chart.css';

type DrawnChart = {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  averages: ISeriesApi<'Line'>[];
  volume: ISeriesApi<'Histogram'>;
};
/** Each moving average's latest value, as the legend shows it; null before its period is reached. */
type AverageNow = { period: number; value: number | null; color: string };
type KlineChartProps = { interval: KlineInterval; list: readonly Candle[] };

const INTRADAY: ReadonlySet<KlineInterval> = new Set(['1m', '5m', '15m', '1h', '4h']);
/** The volume pane's share of the height (the candles' pane has the rest). */
const VOLUME_STRETCH = 0.25;

/**
 * The candlestick chart with its 7-, 25- and 99-candle moving averages and a volume histogram in
 * a pane of its own under it (its own axis, never over the price labels), drawn by
 * lightweight-charts at the screen's pixel ratio. Both axes read in the member's language. The
 * library is downloaded only when a chart is first shown, so no other page carries it. A vertical
 * swipe scrolls the page; a horizontal one moves along the candles; pinching zooms.
 */
export function KlineChart({ interval, list }: KlineChartProps) {
  const { t, i18n } = useTranslation();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<DrawnChart | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [drawn, setDrawn] = useState<{ candles: number; interval: KlineInterval; averages: AverageNow[] } | null>(null);
  const locale = i18n.language;

  useEffect(() => {
    if (loadFailed) return;
    let disposed = false;
    let created: IChartApi | undefined;
    import('lightweight-charts').then(
      ({ createChart, CandlestickSeries, HistogramSeries, LineSeries, ColorType, CrosshairMode }) => {
        const container = canvasRef.current;
        if (disposed || !container) return;
        const theme = readChartTheme(container);
        trustPixelRatio();
        const chart = createChart(container, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: 'transparent' },
            textColor: theme.text,
            fontSize: 11,
            panes: { separatorColor: theme.border, separatorHoverColor: theme.grid, enableResize: false },
          },
          localization: { locale, dateFormat: 'yyyy-MM-dd' },
          grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
          crosshair: { mode: CrosshairMode.Normal },
          // A label cut at the top or bottom edge is left out rather than shown in part.
          rightPriceScale: { borderColor: theme.border, entireTextOnly: true },
          timeScale: { borderColor: theme.border },
          handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
          handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: { time: true, price: false } },
        });
        created = chart;
        const candles = chart.addSeries(CandlestickSeries, {
          upColor: theme.up,
          downColor: theme.down,
          borderVisible: false,
          wickUpColor: theme.up,
          wickDownColor: theme.down,
        });
        // The top margin keeps the moving averages' legend clear of the candles.
        candles.priceScale().applyOptions({ scaleMargins: { top: 0.16, bottom: 0.04 } });
        const averages = theme.averages.map((color) =>
          chart.addSeries(LineSeries, {
            color,
            lineWidth: 1,
            lastValueVisible: false,
            priceLineVisible: false,
            crosshairMarkerVisible: false,
          }),
        );
        const volume = chart.addSeries(
          HistogramSeries,
          {
            priceFormat: { type: 'custom', formatter: chartVolumeFormatter(locale), minMove: 1e-4 },
            lastValueVisible: false,
            priceLineVisible: false,
          },
          1,
        );
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.15, bottom: 0 } });
        const [pricePane, volumePane] = chart.panes();
        pricePane?.setStretchFactor(1 - VOLUME_STRETCH);
        volumePane?.setStretchFactor(VOLUME_STRETCH);
        setDrawing({ chart, candles, averages, volume });
      },
      () => {
        if (!disposed) setLoadFailed(true);
      },
    );
    return () => {
      disposed = true;
      created?.remove();
      setDrawing(null);
    };
  }, [loadFailed, locale]);

  useEffect(() => {
    if (!drawing || !canvasRef.current) return;
    const theme = readChartTheme(canvasRef.current);
    const { candles, volumes } = toChartCandles(list);
    const places = pricePlaces(list.at(-1)?.close ?? '0');
    const priceFormat = {
      type: 'custom',
      formatter: chartPriceFormatter(locale, places),
      minMove: 10 ** -places,
    } as const;
    drawing.candles.applyOptions({ priceFormat });
    drawing.candles.setData(candles);
    // Candles shorter than a day are told apart by their time of day on the axis.
    drawing.chart.applyOptions({ timeScale: { timeVisible: INTRADAY.has(interval), secondsVisible: false } });
    const averages = MOVING_AVERAGES.map((period, index): AverageNow => {
      const points = movingAverage(candles, period);
      drawing.averages[index]?.applyOptions({ priceFormat });
      drawing.averages[index]?.setData(points);
      return { period, value: points.at(-1)?.value ?? null, color: theme.averages[index] ?? theme.text };
    });
    drawing.volume.setData(
      volumes.map(({ time, value, up }) => ({ time, value, color: withAlpha(up ? theme.up : theme.down, 0.4) })),
    );
    setDrawn({ candles: candles.length, interval, averages });
  }, [drawing, list, interval, locale]);

  if (loadFailed) {
    return (
      <ErrorState
        message={t('marketChartLoadFailed')}
        onRetry={() => setLoadFailed(false)}
        testId="kline-chart-error"
      />
    );
  }
  return (
    <figure
      className="kline-chart"
      data-testid="kline-chart"
      data-candles={drawn?.candles}
      data-interval={drawn?.interval}
      aria-label={t('marketChartLabel', { count: list.length })}
    >
      {drawn && (
        <AverageLegend
          averages={drawn.averages}
          format={chartPriceFormatter(locale, pricePlaces(list.at(-1)?.close ?? '0'))}
        />
      )}
      <div ref={canvasRef} className="kline-chart__canvas" />
      {!drawn && (
        <span className="kline-chart__loading">
          <DotLoading color="primary" />
        </span>
      )}
    </figure>
  );
}

/** The moving averages' names in their line colours, with their latest values ("--" while too few candles). */
function AverageLegend({ averages, format }: { averages: AverageNow[]; format: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <figcaption className="kline-chart__legend" data-testid="kline-ma-legend">
      <span className="visually-hidden">{t('marketChartAverages')}</span>
      {averages.map(({ period, value, color }) => (
        <span key={period} style={{ color }} data-testid={`kline-ma-${period}`}>
          MA{period} {value === null ? NO_FIGURE : format(value)}
        </span>
      ))}
    </figcaption>
  );
}
