import { DASHBOARD_RANGES, type Dashboard, type DashboardRange } from '@minecloud/contract/console';

/** One day of one line: the exact text the server sent, and a number for drawing only. */
export type ChartPoint = { day: string; text: string; value: number };
/** One series of a chart: a key (also its colour's key), the name in the legend and its points. */
export type ChartLine = { key: SeriesKey; points: ChartPoint[] };
export type SeriesKey = 'newMembers' | 'purchases' | 'deposits' | 'withdrawals';

/**
 * The series' colours on the console's white cards: each reaches 4.5:1 against white, so a legend
 * swatch or a line is as visible as text (green 5.4:1, blue 6.2:1, orange 5.4:1, violet 9.9:1).
 */
export const SERIES_COLORS: Record<SeriesKey, string> = {
  newMembers: '#531dab',
  purchases: '#137a4a',
  deposits: '#0958d9',
  withdrawals: '#ad4e00',
};

/** The ranges the dashboard offers, 30 when the address names none or another. */
export function rangeOf(text: string | null): DashboardRange {
  const days = Number(text);
  return (DASHBOARD_RANGES as readonly number[]).includes(days) ? (days as DashboardRange) : 30;
}

/** A decimal text as a number, for a chart's height only: never for money. */
function magnitude(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

function line(series: Dashboard['series'], key: SeriesKey): ChartLine {
  return {
    key,
    points: series.map((day) => {
      const text = String(day[key]);
      return { day: day.day, text, value: magnitude(text) };
    }),
  };
}

/**
 * The dashboard's history as two charts: new members per day, and the USDT that moved per day
 * (miner purchases, deposits, withdrawals) on one chart with a legend. Every day the server sent is
 * kept, days with nothing as zeros.
 */
export function toCharts(series: Dashboard['series']) {
  return {
    members: [line(series, 'newMembers')],
    money: [line(series, 'purchases'), line(series, 'deposits'), line(series, 'withdrawals')],
  };
}

/** Whether a chart has nothing to show: no day, or only zeros. */
export function isEmpty(lines: ChartLine[]): boolean {
  return lines.every((l) => l.points.every((p) => p.value === 0));
}
