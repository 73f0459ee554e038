import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';

/**
 * Until the relay has ordered every event written so far, and this process's hub has read them (the
 * relay's own loop does the same within its idle time; a turn it is taking makes this one wait).
 */
export async function relayed(app: App): Promise<void> {
  for (let turn = 0; turn < 500; turn += 1) {
    await app.streamRelay?.tick();
    const [left] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from stream_events where seq is null`,
    );
    if (!left?.n) break;
    await sleep(10);
  }
  await app.stream.wake();
}

/** A Server-Sent Events client for tests: reads GET /app-api/stream of a listening server. */
export type SseEvent = { id: string; event: string; data: Record<string, unknown> };

export type OpenStream = {
  status: number;
  events: SseEvent[];
  /** Resolves the first event (from the start) that `match` accepts, or fails after `ms`. */
  next(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
};

export async function openStream(
  baseUrl: string,
  options: { token?: string; lastEventId?: string } = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${baseUrl}/app-api/stream`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            const data = field('data');
            if (data === undefined) continue;
            events.push({ id: field('id') ?? '', event: field('event') ?? 'message', data: JSON.parse(data) });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // Closed by the test.
      }
    })();
  }
  return {
    status: res.status,
    events,
    next(match, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event in ${ms} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
