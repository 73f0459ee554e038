const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatIn(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      format = null;
    }
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * An ISO time as YYYY-MM-DD HH:mm in `timeZone` (the settlement time zone, where every change takes
 * effect at the start of a day), whatever the reader's own zone. The ISO text itself if unreadable.
 */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const format = formatIn(timeZone);
  if (Number.isNaN(date.getTime()) || !format) return iso;
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
