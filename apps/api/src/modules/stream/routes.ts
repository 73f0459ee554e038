import { STREAM_CALLS, STREAM_HEARTBEAT_MS, STREAM_REPLAY_MINUTES } from '@minecloud/contract/stream';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from '../auth/guard.ts';
import { MERGED_KINDS, type StreamEvent, type StreamHub, toEvent } from './hub.ts';
import type { StreamRelay } from './relay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stream: StreamHub;
    /** The live stream's relay (modules/stream/relay.ts): in a process that runs jobs, else null. */
    streamRelay: StreamRelay | null;
  }
}

/** A client this far behind (bytes not yet taken by the network) is dropped: it reconnects and resumes. */
const MAX_BUFFERED = 1 << 20;

function frame(event: { id: number; kind: string; data: unknown }): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The id a reconnecting client gives: the Last-Event-ID header (or `lastEventId`, for a first connection). */
function resumeFrom(header: string | string[] | undefined, query: { lastEventId?: string }): number | null {
  const given = (Array.isArray(header) ? header[0] : header) ?? query.lastEventId;
  return given && /^\d{1,15}$/.test(given) ? Number(given) : null;
}

/**
 * GET /app-api/stream: Server-Sent Events (text/event-stream). Everyone gets the public events
 * (price ticks); a member with a valid token also their own (balance, withdrawal, reward, feedback),
 * never another's. Every event has an `id:`; a client that reconnects with Last-Event-ID gets what
 * it missed within STREAM_REPLAY_MINUTES, or a `reset` event (refetch everything) when that is not
 * enough. A `heartbeat` event comes every STREAM_HEARTBEAT_MS.
 */
export const streamRoutes: FastifyPluginAsync = async (app) => {
  declaredRoute(app, STREAM_CALLS.stream, async (request, reply: FastifyReply) => {
    // A stream only for a client that asks for one (EventSource and the app's reader send this): any
    // other request gets an answer that ends, not a response held open.
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw new AppError('badRequest', 'accept');
    const token = bearerToken(request);
    const member = token ? await app.tokens.verify(token) : null;
    if (token && !member) throw new AppError('unauthorized');
    const userId = member ? Number(member.userId) : null;
    const after = resumeFrom(request.headers['last-event-id'], request.query);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    let closed = false;
    const write = (text: string) => {
      if (closed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED) raw.destroy();
    };
    // Live events wait here while the missed ones are read, then follow them in order.
    let held: StreamEvent[] | null = [];
    let sentUpTo = after ?? 0;
    const send = (event: StreamEvent) => {
      if (held) held.push(event);
      // A price tick, or a merged pool event sent late, carries the newest id, not a place of its own.
      else if (MERGED_KINDS.has(event.kind) || event.id > sentUpTo) {
        if (!MERGED_KINDS.has(event.kind)) sentUpTo = event.id;
        write(frame(event));
      }
    };
    const unsubscribe = app.stream.subscribe({ userId, send, end: () => raw.end() });
    const heartbeat = setInterval(
      () => write(frame({ id: app.stream.lastId, kind: 'heartbeat', data: { at: new Date().toISOString() } })),
      STREAM_HEARTBEAT_MS,
    );
    heartbeat.unref();
    raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });

    write(`retry: 3000\n\n`);
    write(frame({ id: app.stream.lastId, kind: 'hello', data: { member: userId !== null } }));
    if (after !== null) {
      const window = sql`now() - ${`${STREAM_REPLAY_MINUTES} minutes`}::interval`;
      const mine = userId === null ? sql`user_id is null` : sql`(user_id is null or user_id = ${userId})`;
      const [lost] = await queryRows<{ lost: boolean }>(
        app.db,
        sql`select exists (select 1 from stream_events where seq > ${after} and created_at < ${window} and ${mine}) as lost`,
      );
      if (lost?.lost) {
        write(frame({ id: app.stream.lastId, kind: 'reset', data: {} }));
      } else {
        const missed = await queryRows<Parameters<typeof toEvent>[0]>(
          app.db,
          sql`select seq::text as id, user_id::text, kind, data from stream_events
              where seq > ${after} and ${mine} order by seq`,
        );
        for (const row of missed) {
          const event = toEvent(row);
          sentUpTo = Math.max(sentUpTo, event.id);
          write(frame(event));
        }
      }
    }
    const waiting = held;
    held = null;
    for (const event of waiting) send(event);
    // Hijacked: the stream is written to the socket, and Fastify sends nothing of its own.
    return reply;
  });
};
