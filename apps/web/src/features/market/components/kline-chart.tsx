import type { Candle, KlineInterval } from '@minecloud/contract/market';
import { DotLoading } from 'antd-mobile';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { pricePlaces } from '@/lib/price-text';
import { toChartCandles } from '../lib/chart-candles';
import { readChartTheme, withAlpha } from '../lib/chart-theme';
import './kline-chart.css';

type DrawnChart = { chart: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> };
type KlineChartProps = { interval: KlineInterval; list: readonly Candle[] };

/**
 * The candlestick chart with a volume histogram under it, drawn by lightweight-charts. The
 * library is downloaded only when a chart is first shown, so no other page carries it. A vertical
 * swipe scrolls the page; a horizontal one moves along the candles; pinching zooms.
 */
export function KlineChart({ interval, list }: KlineChartProps) {
  const { t, i18n } = useTranslation();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<DrawnChart | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [drawn, setDrawn] = useState<{ candles: number; interval: KlineInterval } | null>(null);
  const locale = i18n.language;

  useEffect(() => {
    if (loadFailed) return;
    let disposed = false;
    let created: IChartApi | undefined;
    import('lightweight-charts').then(
      ({ createChart, CandlestickSeries, HistogramSeries, ColorType, CrosshairMode }) => {
        const container = canvasRef.current;
        if (disposed || !container) return;
        const theme = readChartTheme(container);
        created = createChart(container, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: 'transparent' },
            textColor: theme.text,
            fontSize: 11,
          },
          localization: { locale, dateFormat: 'yyyy-MM-dd' },
          grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
          crosshair: { mode: CrosshairMode.Normal },
          rightPriceScale: { borderColor: theme.border },
          timeScale: { borderColor: theme.border },
          handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
          handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: { time: true, price: false } },
        });
        const candles = created.addSeries(CandlestickSeries, {
          upColor: theme.up,
          downColor: theme.down,
          borderVisible: false,
          wickUpColor: theme.up,
          wickDownColor: theme.down,
        });
        candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.26 } });
        const volume = created.addSeries(HistogramSeries, {
          priceScaleId: '',
          priceFormat: { type: 'volume' },
          lastValueVisible: false,
          priceLineVisible: false,
        });
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
        setDrawing({ chart: created, candles, volume });
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
    drawing.candles.applyOptions({ priceFormat: { type: 'price', precision: places, minMove: 10 ** -places } });
    drawing.candles.setData(candles);
    drawing.volume.setData(
      volumes.map(({ time, value, up }) => ({ time, value, color: withAlpha(up ? theme.up : theme.down, 0.4) })),
    );
    setDrawn({ candles: candles.length, interval });
  }, [drawing, list, interval]);

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
      aria-label={t('marketChartLabel', { n: list.length })}
    >
      <div ref={canvasRef} className="kline-chart__canvas" />
      {!drawn && (
        <span className="kline-chart__loading">
          <DotLoading color="primary" />
        </span>
      )}
    </figure>
  );
}
