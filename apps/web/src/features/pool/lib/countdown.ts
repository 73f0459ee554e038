const pad = (value: number) => String(value).padStart(2, '0');

/** Time left until `endsAt` as HH:MM:SS (hours may pass 24), 00:00:00 once it has passed. */
export function countdownText(endsAt: string, now: number): string {
  const end = Date.parse(endsAt);
  const left = Number.isNaN(end) ? 0 : Math.max(0, Math.floor((end - now) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(left % 60)}`;
}

/** Whether the round ending at `endsAt` is over. */
export function hasEnded(endsAt: string, now: number): boolean {
  const end = Date.parse(endsAt);
  return Number.isNaN(end) || end <= now;
}
