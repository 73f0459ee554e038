const pad = (value: number) => String(value).padStart(2, '0');
const clock = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export type RoundSpan = { day: string; span: string };

/**
 * A round's time in the member's local time: its day and "HH:mm–HH:mm". A round that ends after
 * midnight names the day it started; its end time alone shows the next day.
 */
export function roundSpan(startAt: string, endAt: string): RoundSpan | null {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return { day: day(start), span: `${clock(start)}–${clock(end)}` };
}

/** A candle's minute in the member's local time ("07:23"); `--` for a time that does not parse. */
export function minuteOf(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '--' : clock(date);
}
