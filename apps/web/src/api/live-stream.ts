import { API, API_BASE } from '@minecloud/contract/api-paths';
import { STREAM_HEARTBEAT_MS } from '@minecloud/contract/stream';
import type { QueryClient } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useLive } from '@/lib/live';
import { useSession } from '@/lib/session';
import { invalidateMoneyQueries } from './invalidate-money';
import { notificationKeys } from './unread-count';

/** Waits between reconnections, longer each time the stream fails again in a row. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 15_000];
/** Nothing heard for this long (three heartbeats): the connection is dead, though not closed. */
const SILENCE_MS = 3 * STREAM_HEARTBEAT_MS;
/** Events within this time refresh their queries once. */
const BATCH_MS = 250;

/** The money queries, the notification centre, everything, or the queries under a feature's root key. */
type Refresh = 'money' | 'notifications' | 'all' | 'rounds' | 'pool' | 'market' | 'feedback';
const ROOTS = ['rounds', 'pool', 'market', 'feedback'] as const;

/** What each event makes stale: the queries the pages read it from. */
const REFRESHES: Record<string, Refresh[]> = {
  balance: ['money'],
  reward: ['money', 'notifications'],
  withdrawal: ['money', 'notifications'],
  feedback: ['feedback', 'notifications'],
  notification: ['notifications'],
  round: ['rounds'],
  pool: ['pool'],
  price: ['market'],
  reset: ['all'],
};

/**
 * One connection to GET /app-api/stream for the whole app (fetch, so that it carries the session's
 * token, which EventSource cannot): each event refreshes the TanStack Query caches it concerns;
 * the connection follows the session (a new token, a new connection) and comes back after a cut
 * with Last-Event-ID, so nothing within the server's window is missed. `useLive` says whether it is
 * up, for the live marker and for the pages' polling, which stops while it is.
 */
export function startLiveStream(queryClient: QueryClient): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let pending = new Set<Refresh>();
  let batch: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const refresh = (what: Refresh[]) => {
    for (const each of what) pending.add(each);
    batch ??= setTimeout(() => {
      const due = pending;
      pending = new Set();
      batch = undefined;
      // A fetch already on its way is let finish (cancelRefetch: false): under a stream of events,
      // a page's first answer would otherwise be cancelled again and again.
      const keep = { cancelRefetch: false };
      if (due.has('all')) void queryClient.invalidateQueries({}, keep);
      else {
        if (due.has('money')) void invalidateMoneyQueries(queryClient, keep);
        if (due.has('notifications')) void queryClient.invalidateQueries({ queryKey: notificationKeys.all }, keep);
        for (const root of ROOTS) if (due.has(root)) void queryClient.invalidateQueries({ queryKey: [root] }, keep);
      }
    }, BATCH_MS);
  };

  const onEvent = (message: EventSourceMessage) => {
    if (message.id) lastEventId = message.id;
    if (message.event === 'hello') {
      // What was missed while it was down comes next (Last-Event-ID), or a reset. Not price ticks:
      // they are sent live only, never replayed (the API's stream/routes.ts), so a tick from before this
      // connection was missed and the market's queries ask once (a page's first answer may predate the
      // feed's first prices, and the pages stop polling while the stream is up).
      failures = 0;
      useLive.getState().setLive(true);
      refresh(['market']);
      return;
    }
    const what = REFRESHES[message.event ?? ''];
    if (what) refresh(what);
  };

  async function connect() {
    if (stopped) return;
    controller = new AbortController();
    const { signal } = controller;
    const { token, localType } = useSession.getState();
    const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-language': localType };
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller?.abort(), SILENCE_MS);
    };
    try {
      const res = await fetch(`${API_BASE.main}${API.stream}`, { headers, signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      const parser = createParser({ onEvent });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      heard();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Cut, refused or aborted: the pages poll until it is back.
    } finally {
      clearTimeout(silence);
      useLive.getState().setLive(false);
    }
    if (stopped) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
    failures += 1;
    retry = setTimeout(() => void connect(), wait);
  }

  // Signing in or out changes what the stream may carry: a new connection with the new token.
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    lastEventId = null;
    failures = 0;
    controller?.abort();
  });
  void connect();
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(retry);
    clearTimeout(batch);
    controller?.abort();
  };
}
