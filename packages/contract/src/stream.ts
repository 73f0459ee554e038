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
