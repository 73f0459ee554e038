import { Alert, Button, Empty, Flex, Spin, Typography, theme } from 'antd';
import type { IChartApi, ISeriesApi, MouseEventParams, Time, UTCTimestamp } from 'lightweight-charts';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@/lib/figures';
import { NS } from '../i18n';
import { type ChartLine, isEmpty, SERIES_COLORS, type SeriesKey } from '../lib/chart-data';

type Drawing = { chart: IChartApi; series: ISeriesApi<'Line' | 'Histogram'>[] };
type Hover = { index: number; x: number; y: number };

const HEIGHT = 240;

/** Out of sight, still read by screen readers: the chart's figures as a table. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const timeOf = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;
/** `2026-04-02` for a chart time (a UTC midnight of the day). */
const dayOf = (time: Time) => (typeof time === 'number' ? new Date(time * 1000).toISOString().slice(0, 10) : '');

type Props = {
  /** The chart's name, its caption and the hidden table's. */
  title: string;
  /** What the values count: `USDT`, `members`; beside the y axis and after each value in the tooltip. */
  unit: string;
  /** Bars for one series, lines for several. */
  kind: 'bars' | 'lines';
  lines: ChartLine[];
  /** The name of a series in the legend and the tooltip. */
  label: (key: SeriesKey) => string;
};

/**
 * A per-day chart drawn by lightweight-charts (loaded with the first chart, so only the dashboard
 * carries it): dates on the x axis, values on the y axis with their unit, a legend when several
 * series share it, and a tooltip with the day and each series' exact value on hover. The figures are
 * also in a visually hidden table, for screen readers.
 */
export function HistoryChart({ title, unit, kind, lines, label }: Props) {
  const { t, i18n } = useTranslation(NS);
  const { token } = theme.useToken();
  const captionId = useId();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [hover, setHover] = useState<Hover | null>(null);
  const empty = isEmpty(lines);
  const locale = i18n.language;
  const keys = lines.map((l) => l.key).join(',');
  const days = lines[0]?.points ?? [];

  useEffect(() => {
    if (empty || attempt < 0) return;
    let disposed = false;
    let created: IChartApi | undefined;
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    import('lightweight-charts')
      .then(({ createChart, ColorType, CrosshairMode, HistogramSeries, LineSeries }) => {
        const container = canvasRef.current;
        if (disposed || !container) return;
        created = createChart(container, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: token.colorBgContainer },
            textColor: token.colorTextSecondary,
            fontFamily: token.fontFamily,
            fontSize: 12,
          },
          localization: {
            locale,
            priceFormatter: (value: number) => compact.format(value),
            timeFormatter: dayOf,
          },
          grid: { vertLines: { visible: false }, horzLines: { color: token.colorBorderSecondary } },
          leftPriceScale: { visible: true, borderColor: token.colorBorder, scaleMargins: { top: 0.1, bottom: 0 } },
          rightPriceScale: { visible: false },
          timeScale: {
            borderColor: token.colorBorder,
            fixLeftEdge: true,
            fixRightEdge: true,
            lockVisibleTimeRangeOnResize: true,
            tickMarkFormatter: (time: Time) => dayOf(time).slice(5),
          },
          crosshair: {
            mode: CrosshairMode.Magnet,
            horzLine: { visible: false, labelVisible: false },
            vertLine: { labelVisible: false, color: token.colorTextTertiary },
          },
          handleScroll: false,
          handleScale: false,
        });
        const chart = created;
        const series = (keys.split(',') as SeriesKey[]).map((key) =>
          kind === 'bars'
            ? chart.addSeries(HistogramSeries, {
                color: SERIES_COLORS[key],
                // Counts: whole numbers on the axis.
                priceFormat: { type: 'price', precision: 0, minMove: 1 },
                priceScaleId: 'left',
                priceLineVisible: false,
                lastValueVisible: false,
              })
            : chart.addSeries(LineSeries, {
                color: SERIES_COLORS[key],
                lineWidth: 2,
                priceScaleId: 'left',
                priceLineVisible: false,
                lastValueVisible: false,
                pointMarkersRadius: 2,
              }),
        );
        chart.subscribeCrosshairMove((param: MouseEventParams) => {
          const index = param.logical == null ? -1 : Math.round(param.logical);
          setHover(param.point && index >= 0 ? { index, x: param.point.x, y: param.point.y } : null);
        });
        setDrawing({ chart, series: series as ISeriesApi<'Line' | 'Histogram'>[] });
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      created?.remove();
      setDrawing(null);
      setHover(null);
    };
    // Made again for other series, another language or theme, and on a retry (`attempt`).
  }, [empty, attempt, locale, keys, kind, token]);

  useEffect(() => {
    if (!drawing) return;
    lines.forEach((l, i) => {
      // A dot per day where the days are few enough to tell apart; 90 would be a dotted line.
      if (kind === 'lines') drawing.series[i]?.applyOptions({ pointMarkersVisible: l.points.length <= 31 });
      drawing.series[i]?.setData(l.points.map((p) => ({ time: timeOf(p.day), value: p.value })));
    });
    drawing.chart.timeScale().fitContent();
  }, [drawing, lines, kind]);

  const legend = lines.length > 1 && (
    <Flex gap={16} wrap component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {lines.map((l) => (
        <li key={l.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden
            style={{ width: 12, height: 3, background: SERIES_COLORS[l.key], display: 'inline-block' }}
          />
          <Typography.Text>{label(l.key)}</Typography.Text>
        </li>
      ))}
    </Flex>
  );

  const hovered = hover && days[hover.index] ? hover : null;
  // The tooltip sits beside the pointer, on the side with more room.
  const flip = hovered ? hovered.x > (canvasRef.current?.clientWidth ?? 0) / 2 : false;
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0 }} data-testid={`chart-${keys}`}>
      <figcaption id={captionId}>
        <Typography.Text strong>{title}</Typography.Text>
      </figcaption>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBlock: 4 }}>
        <Typography.Text type="secondary">{unit}</Typography.Text>
        {legend}
      </Flex>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t('chartFailed')}
          action={
            <Button
              size="small"
              onClick={() => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }}
            >
              {t('common:retry')}
            </Button>
          }
        />
      ) : empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('chartEmpty', { count: days.length })}
          style={{ height: HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center', margin: 0 }}
        />
      ) : (
        <div style={{ position: 'relative', height: HEIGHT }}>
          <div ref={canvasRef} style={{ position: 'absolute', inset: 0 }} data-testid="chart-canvas" />
          {!drawing && (
            <Flex justify="center" align="center" style={{ position: 'absolute', inset: 0 }}>
              <Spin aria-label={t('chartLoading')} />
            </Flex>
          )}
          {hovered && (
            <div
              role="tooltip"
              data-testid="chart-tooltip"
              style={{
                position: 'absolute',
                top: 8,
                ...(flip ? { right: `calc(100% - ${hovered.x - 12}px)` } : { left: hovered.x + 12 }),
                background: token.colorBgElevated,
                boxShadow: token.boxShadowSecondary,
                borderRadius: token.borderRadius,
                padding: '6px 10px',
                pointerEvents: 'none',
                whiteSpace: 'nowrap',
                zIndex: 3,
                color: token.colorText,
              }}
            >
              <div style={{ fontWeight: 600 }}>{days[hovered.index]!.day}</div>
              {lines.map((l) => (
                <div key={l.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <span
                    aria-hidden
                    style={{ width: 8, height: 8, borderRadius: 4, background: SERIES_COLORS[l.key] }}
                  />
                  <span>{label(l.key)}:</span>
                  <span>{`${groupDigits(l.points[hovered.index]?.text ?? '0')} ${unit}`}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
      <table style={VISUALLY_HIDDEN}>
        <caption>{`${title} (${unit})`}</caption>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            {lines.map((l) => (
              <th key={l.key} scope="col">
                {label(l.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              {lines.map((l) => (
                <td key={l.key}>{groupDigits(l.points[i]?.text ?? '0')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
