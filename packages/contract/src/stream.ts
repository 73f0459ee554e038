import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';

/**
 * The live stream (GET /app-api/stream, Server-Sent Events): its event names, how long a client
 * that reconnects with Last-Event-ID is sure to get what it missed, and the heartbeat.
 */
export const STREAM_EVENTS = [
  'hello',
  'heartbeat',
  'reset',
  'price',
  'balance',
  'withdrawal',
  'reward',
  'feedback',
  'notification',
  'round',
  'pool',
] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** Events are kept this long: a client that comes back within it misses nothing. */
export const STREAM_REPLAY_MINUTES = 10;
/** A heartbeat event this often: a client that hears nothing for 3 of them reconnects. */
export const STREAM_HEARTBEAT_MS = 15_000;

/**
 * The stream itself: public, and with a member's token (optional) also the member's own events.
 * A reconnecting client sends Last-Event-ID; a first connection may give `lastEventId` instead (an
 * id that is not one is ignored, as a missing one).
 */
export const STREAM_CALLS = {
  stream: call({
    method: 'GET',
    path: API.stream,
    tag: 'notifications',
    summary:
      "Server-Sent Events: price ticks, and with a token the member's own balance, withdrawal, reward and feedback events",
    auth: 'public',
    money: false,
    query: z.object({ lastEventId: z.string().optional().catch(undefined) }),
    produces: 'text/event-stream',
    answer: z.string(),
  }),
};
