/**
 * An ISO time from the server in the member's local time, as YYYY-MM-DD HH:mm:ss.
 * Self-contained (no name from outside it): index.html's inline script runs its source text to write
 * a time into the app shell as the page will (scripts/shell/script.ts).
 */
export function formatLocalTime(iso: string): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
