import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';

/** One event of the stream: a member's own (`userId`) or public (null); `id` (its seq) orders them all. */
export type StreamEvent = { id: number; userId: number | null; kind: string; data: Record<string, unknown> };

/**
 * A connected client: which member it is (null: signed out, public events only), how to send to
 * it, and how to end its response (when this process stops: the client reconnects elsewhere).
 */
export type StreamClient = { userId: number | null; send: (event: StreamEvent) => void; end: () => void };

/** The NOTIFY channels of the relay's batches (without NATS) and of price ticks (not stored). */
export const EVENTS_CHANNEL = 'stream_events';
export const TICKS_CHANNEL = 'stream_ticks';

/**
 * Seqs the hub reads from the outbox at once (only its own clients' events and the public ones come
 * back), handed to the clients in one go: a settlement's batches come 5,000 at a time.
 */
const FETCH_SEQS = 5_000;
/**
 * Public events of these kinds change one figure each (the prize pool's size, the prices): a burst
 * reaches the clients as at most one a second per kind, the newest.
 */
export const MERGED_KINDS = new Set(['pool', 'price']);
const MERGE_MS = 1_000;
/** With NATS, the outbox is also read this often: what a dropped connection missed arrives anyway. */
const SAFETY_READ_MS = 5_000;

type Row = { id: string; user_id: string | null; kind: string; data: Record<string, unknown> };

export const toEvent = (row: Row): StreamEvent => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  kind: row.kind,
  data: row.data,
});

/**
 * Where this process hears of new events (modules/stream/relay.ts hands them on):
 * - `notify`: a NOTIFY per relay batch (PostgreSQL without NATS), then the outbox is read;
 * - `local`: the relay of this process calls `wake()` (the embedded database);
 * - `nats`: `subscribe` starts NATS's messages (modules/stream/nats.ts), each an event; a seq that
 *   skips one makes the hub read the outbox for what is missing.
 */
export type HubInput =
  | { kind: 'notify' }
  | { kind: 'local' }
  | { kind: 'nats'; subscribe: (onEvent: (event: StreamEvent) => void) => Promise<() => Promise<void>> };

/**
 * The events of one API process. The relay gives each committed event a seq, in commit order, one
 * batch after another: so the hub delivers seq n + 1 after n and reads `seq > n` from the outbox
 * when it missed one. Its clients are held by member, so a member's event costs one lookup whatever
 * the number of clients; public events go to every client, those of MERGED_KINDS at most once a
 * second a kind.
 */
export class StreamHub {
  private readonly members = new Map<number, Set<StreamClient>>();
  private readonly clients = new Set<StreamClient>();
  private high = 0;
  private fetching: Promise<void> | null = null;
  /** While a read is out: the members it reads for, and members whose first client came since. */
  private reading: Set<number> | null = null;
  private readonly joined = new Set<number>();
  private again = false;
  private stops: (() => Promise<void>)[] = [];
  private safety: NodeJS.Timeout | undefined;
  private readonly merged = new Map<string, { sentAt: number; pending: StreamEvent | null; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly db: Pick<Db, 'execute'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts from the newest ordered event and listens for more, and for price ticks. */
  async start(database: Pick<Database, 'listen'>, input: HubInput = { kind: 'notify' }) {
    this.high = await this.newestSeq();
    if (input.kind === 'notify') this.stops.push(await database.listen(EVENTS_CHANNEL, (upTo) => this.announced(upTo)));
    if (input.kind === 'nats') {
      this.stops.push(await input.subscribe((event) => this.arrived(event)));
      this.safety = setInterval(() => void this.wake(), SAFETY_READ_MS);
      this.safety.unref();
    }
    this.stops.push(await database.listen(TICKS_CHANNEL, (payload) => this.tick(payload)));
  }

  async stop() {
    clearInterval(this.safety);
    for (const merge of this.merged.values()) clearTimeout(merge.timer);
    for (const client of this.clients) client.end();
    this.clients.clear();
    this.members.clear();
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
    if (client.userId !== null) {
      if (this.reading && !this.reading.has(client.userId)) this.joined.add(client.userId);
      const own = this.members.get(client.userId) ?? new Set();
      own.add(client);
      this.members.set(client.userId, own);
    }
    return () => {
      this.clients.delete(client);
      if (client.userId === null) return;
      const own = this.members.get(client.userId);
      own?.delete(client);
      if (own?.size === 0) this.members.delete(client.userId);
    };
  }

  /** Reads what is new from the outbox (once at a time; a wake during a read reads again after it). */
  wake(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return this.fetching;
    }
    this.fetching = this.fetch()
      .catch(() => {
        // The next wake reads again from the same place.
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

  /**
   * A relay batch's NOTIFY, whose payload is the newest seq it gave. With no client here there is no
   * one to deliver to: the hub only moves its place, so that a client connecting later starts there,
   * and an API process with no one watching does not read every event of every money call.
   */
  private announced(upTo: string) {
    const seq = Number(upTo);
    if (this.clients.size === 0 && !this.fetching && Number.isSafeInteger(seq)) {
      this.high = Math.max(this.high, seq);
      return;
    }
    void this.wake();
  }

  /** An event from NATS: the next one is delivered; one after a gap waits for the outbox's read. */
  private arrived(event: StreamEvent) {
    if (event.id === this.high + 1) this.next(event);
    else if (event.id > this.high) void this.wake();
  }

  /**
   * Reads what was ordered after `high`, a window of FETCH_SEQS seqs at a time, keeping only public
   * events and those of members with a client here: a process's work grows with its own clients'
   * events, not with every member's (the settlement writes two for each of a million members). A
   * member whose first client arrives while a read is out is read again for the same window, before
   * anything of it is delivered, so the new client misses nothing after the `hello` it was sent.
   */
  private async fetch() {
    const newest = await this.newestSeq();
    if (newest <= this.high) return;
    const from = this.high;
    const upTo = Math.min(newest, from + FETCH_SEQS);
    const reading = new Set(this.members.keys());
    this.reading = reading;
    this.joined.clear();
    try {
      let rows = await this.read(from, upTo, [...reading], true);
      while (this.joined.size > 0) {
        const late = [...this.joined];
        this.joined.clear();
        for (const id of late) reading.add(id);
        rows = [...rows, ...(await this.read(from, upTo, late, false))].sort((a, b) => a.id - b.id);
      }
      for (const event of rows) if (event.id > this.high) this.next(event);
    } finally {
      this.reading = null;
    }
    this.high = Math.max(this.high, upTo);
    if (upTo < newest) this.again = true;
  }

  /** The newest seq the relay has given (0 before the first). */
  private async newestSeq(): Promise<number> {
    const [row] = await queryRows<{ seq: string | null }>(
      this.db,
      sql`select max(seq)::text as seq from stream_events where seq is not null`,
    );
    return Number(row?.seq ?? 0);
  }

  /** The events in (from, upTo] of `members`, and the public ones too when `everyone`. */
  private async read(from: number, upTo: number, members: number[], everyone: boolean): Promise<StreamEvent[]> {
    const theirs = sql`user_id in (select unnest(${`{${members.join(',')}}`}::bigint[]))`;
    const rows = await queryRows<Row>(
      this.db,
      sql`select seq::text as id, user_id::text, kind, data from stream_events
          where seq > ${from} and seq <= ${upTo} and ${everyone ? sql`(user_id is null or ${theirs})` : theirs}
          order by seq`,
    );
    return rows.map(toEvent);
  }

  private next(event: StreamEvent) {
    this.high = event.id;
    this.deliver(event);
  }

  private deliver(event: StreamEvent) {
    if (event.userId !== null) {
      for (const client of this.members.get(event.userId) ?? []) client.send(event);
      return;
    }
    if (!MERGED_KINDS.has(event.kind)) {
      for (const client of this.clients) client.send(event);
      return;
    }
    const merge = this.merged.get(event.kind) ?? { sentAt: Number.NEGATIVE_INFINITY, pending: null };
    this.merged.set(event.kind, merge);
    const wait = merge.sentAt + MERGE_MS - this.clock();
    if (wait <= 0 && !merge.timer) {
      merge.sentAt = this.clock();
      for (const client of this.clients) client.send(event);
      return;
    }
    merge.pending = event;
    merge.timer ??= setTimeout(
      () => {
        merge.timer = undefined;
        const pending = merge.pending;
        merge.pending = null;
        if (!pending) return;
        merge.sentAt = this.clock();
        // Sent later than the events after it: with the id of the newest, as a price tick.
        const now = { ...pending, id: this.high };
        for (const client of this.clients) client.send(now);
      },
      Math.max(0, wait),
    );
    merge.timer.unref();
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
