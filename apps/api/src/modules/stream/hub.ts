import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';

/** One event of the stream: a member's own (`userId`) or public (null); `id` orders them all. */
export type StreamEvent = { id: number; userId: number | null; kind: string; data: Record<string, unknown> };

/**
 * A connected client: which member it is (null: signed out, public events only), how to send to
 * it, and how to end its response (when this process stops: the client reconnects elsewhere).
 */
export type StreamClient = { userId: number | null; send: (event: StreamEvent) => void; end: () => void };

/** The NOTIFY channel of stored events (migration 0022's triggers) and of price ticks (not stored). */
export const EVENTS_CHANNEL = 'stream_events';
export const TICKS_CHANNEL = 'stream_ticks';

/**
 * How long an id missing between two delivered ones is waited for: a transaction that took its id
 * earlier may commit later (or never, when it rolled back). Far longer than any money transaction.
 */
const GAP_WAIT_MS = 60_000;
const FETCH_LIMIT = 5_000;
/**
 * Stored events are kept an hour, six times the replay window (STREAM_REPLAY_MINUTES): a client
 * further behind gets `reset`. Every process prunes every few minutes (one indexed delete).
 */
const KEEP = sql`interval '1 hour'`;
const PRUNE_EVERY_MS = 5 * 60_000;

type Row = { id: string; user_id: string | null; kind: string; data: Record<string, unknown> };

export const toEvent = (row: Row): StreamEvent => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  kind: row.kind,
  data: row.data,
});

/**
 * The events of one API process: every process LISTENs to the database, so an event written by any
 * of them (or by the jobs) reaches the clients connected here, each member only their own. A NOTIFY
 * only wakes the hub, which reads what is new in id order; an id skipped by a transaction that
 * commits later is read when that one's own NOTIFY comes.
 */
export class StreamHub {
  private readonly clients = new Set<StreamClient>();
  private high = 0;
  private readonly gaps = new Map<number, number>();
  private fetching: Promise<void> | null = null;
  private again = false;
  private stops: (() => Promise<void>)[] = [];
  private pruning: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Pick<Db, 'execute'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts from the newest stored event and listens for more, and for price ticks. */
  async start(database: Pick<Database, 'listen'>) {
    const [row] = await queryRows<{ high: string | null }>(
      this.db,
      sql`select max(id)::text as high from stream_events`,
    );
    this.high = Number(row?.high ?? 0);
    this.stops.push(await database.listen(EVENTS_CHANNEL, () => this.wake()));
    this.stops.push(await database.listen(TICKS_CHANNEL, (payload) => this.tick(payload)));
    this.pruning = setInterval(() => void this.prune().catch(() => {}), PRUNE_EVERY_MS);
    this.pruning.unref();
  }

  /** Deletes the stored events older than the keeping time. */
  async prune() {
    await this.db.execute(sql`delete from stream_events where created_at < now() - ${KEEP}`);
  }

  async stop() {
    clearInterval(this.pruning);
    for (const client of this.clients) client.end();
    this.clients.clear();
    // The database may be closed already (it is the last thing a process closes): nothing to undo.
    await Promise.all(this.stops.map((stop) => stop().catch(() => {})));
    this.stops = [];
    await this.fetching;
  }

  /** The id a client resumes from when it reconnects now: the newest event delivered here. */
  get lastId(): number {
    return this.high;
  }

  get size(): number {
    return this.clients.size;
  }

  subscribe(client: StreamClient): () => void {
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  /** Reads what is new (once at a time; a wake during a read reads again after it). */
  wake(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return this.fetching;
    }
    this.fetching = this.fetch()
      .catch(() => {
        // The next NOTIFY reads again from the same place.
      })
      .finally(() => {
        this.fetching = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.fetching;
  }

  private async fetch() {
    const from = this.gaps.size ? Math.min(...this.gaps.keys()) - 1 : this.high;
    const rows = await queryRows<Row>(
      this.db,
      sql`select id::text, user_id::text, kind, data from stream_events where id > ${from} order by stream_events.id limit ${FETCH_LIMIT}`,
    );
    const now = this.clock();
    const seen = new Set<number>();
    for (const row of rows) {
      const event = toEvent(row);
      seen.add(event.id);
      if (event.id <= this.high && !this.gaps.has(event.id)) continue;
      this.gaps.delete(event.id);
      this.deliver(event);
    }
    const newest = rows.length ? Number(rows.at(-1)?.id) : this.high;
    for (let id = this.high + 1; id < newest; id++) if (!seen.has(id)) this.gaps.set(id, now);
    this.high = Math.max(this.high, newest);
    for (const [id, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(id);
    if (rows.length === FETCH_LIMIT) this.again = true;
  }

  private deliver(event: StreamEvent) {
    for (const client of this.clients) {
      if (event.userId === null || event.userId === client.userId) client.send(event);
    }
  }

  /** A price tick (public, not stored): sent with the id of the newest stored event. */
  private tick(payload: string) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return;
    }
    this.deliver({ id: this.high, userId: null, kind: 'price', data });
  }
}
