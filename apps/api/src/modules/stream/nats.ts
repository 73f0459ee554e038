import { connect, JSONCodec, type NatsConnection, nanos, StorageType } from 'nats';
import type { StreamEvent } from './hub.ts';

/**
 * The live stream through NATS JetStream (docs/operations.md, "The live stream"): the relay
 * publishes each event once it is ordered, to a subject per member or one per public kind; every API
 * process subscribes to all of them and hands each to its own clients. JetStream keeps them for the
 * replay window and drops a message whose id (its seq) it saw in the last two minutes: a relay that
 * crashed between publishing and recording it publishes the same seqs again, harmlessly.
 */
export const NATS_STREAM = 'MINECLOUD_STREAM';
const SUBJECT_ROOT = 'minecloud.stream';
const ALL_SUBJECTS = `${SUBJECT_ROOT}.>`;
const KEEP_MS = 60 * 60_000;
const DUPLICATE_WINDOW_MS = 2 * 60_000;

const codec = JSONCodec<StreamEvent>();

export const subjectOf = (event: Pick<StreamEvent, 'userId' | 'kind'>) =>
  event.userId === null ? `${SUBJECT_ROOT}.public.${event.kind}` : `${SUBJECT_ROOT}.member.${event.userId}`;

/**
 * Connects, and keeps reconnecting for ever once connected (a NATS restart is waited out; what was
 * missed meanwhile is read from the outbox). A server that cannot be reached at start fails the
 * start, as the database does: the supervisor starts the process again.
 */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const jsm = await nc.jetstreamManager();
  const config = {
    name: NATS_STREAM,
    subjects: [ALL_SUBJECTS],
    storage: StorageType.File,
    max_age: nanos(KEEP_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
  try {
    // Adding the same stream again changes nothing; one of another release's settings is updated.
    await jsm.streams.add(config);
  } catch {
    await jsm.streams.update(NATS_STREAM, config);
  }
  return nc;
}

/** The relay's output: publishes the events in order and resolves once JetStream stored each. */
export function natsPublisher(nc: NatsConnection): (events: StreamEvent[]) => Promise<void> {
  const js = nc.jetstream();
  return async (events) => {
    // One connection sends them in this order, and the server keeps it.
    await Promise.all(
      events.map((event) => js.publish(subjectOf(event), codec.encode(event), { msgID: String(event.id) })),
    );
  };
}

/** A hub's input: every event published, as it comes. */
export function natsSubscriber(nc: NatsConnection) {
  return async (onEvent: (event: StreamEvent) => void): Promise<() => Promise<void>> => {
    const subscription = nc.subscribe(ALL_SUBJECTS, {
      callback: (error, message) => {
        if (error) return;
        let event: StreamEvent;
        try {
          event = codec.decode(message.data);
        } catch {
          return;
        }
        onEvent(event);
      },
    });
    return async () => subscription.unsubscribe();
  };
}
