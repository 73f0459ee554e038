/** An ISO time as `YYYY-MM-DD HH:mm:ss` in the browser's time zone; other text is shown as it is. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** A time cell: the formatted time, with the exact ISO text on hover; a dash when there is none. */
export function TimeText({ value }: { value: string | null | undefined }) {
  if (!value) return <span>-</span>;
  return (
    <time dateTime={value} title={value} style={{ whiteSpace: 'nowrap' }}>
      {formatTime(value)}
    </time>
  );
}
