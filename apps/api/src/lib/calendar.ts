/**
 * Settlement days are calendar days in the settlement time zone (config `settlement.timeZone`).
 * All arithmetic on them happens here, on 'YYYY-MM-DD' strings and Intl; no float, no library.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * One formatter per time zone and shape, made once: making an Intl.DateTimeFormat costs tens of
 * microseconds, and the day's bounds are asked on every job turn and on money calls.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: 'day' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      shape === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formatters.set(key, made);
  }
  return made;
}

/** The calendar day of `instant` in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): string {
  const parts = formatter('day', timeZone)
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The `count` days before `today`, oldest first: the settled days a member's chart shows. */
export function daysBefore(today: string, count: number): string[] {
  const first = addDays(today, -count);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (e.g. +480 for Asia/Shanghai). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatter('clock', timeZone)
    .formatToParts(instant)
    .reduce<Record<string, number>>((acc, p) => {
      if (p.type !== 'literal') acc[p.type] = Number(p.value);
      return acc;
    }, {});
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the day starts (local midnight) in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // Two passes settle the offset across a daylight-saving change.
  let instant = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  instant = new Date(guess.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}
