import { sql } from 'drizzle-orm';
import { advisoryKey, type Db, queryRows } from '../../db/client.ts';
import { EVENTS_CHANNEL, type StreamEvent, toEvent } from './hub.ts';

/**
 * How the relay hands on what it ordered (docs/operations.md, "The live stream"):
 * - `nats`: publishes each event to NATS JetStream (modules/stream/nats.ts), each API process
 *   subscribes; what it published is recorded, so after a NATS outage it goes on from there;
 * - `notify`: one NOTIFY per batch, in the relay's own transaction (PostgreSQL without NATS): each
 *   API process LISTENs and reads the batch from the outbox;
 * - `local`: this process's hub is told (the embedded database: one process).
 */
export type RelayOutput =
  | { kind: 'nats'; publish: (events: StreamEvent[]) => Promise<void> }
  | { kind: 'notify' }
  | { kind: 'local'; ordered: () => void };

/** One relay at a time orders and hands on: every step is in a transaction holding this lock. */
const RELAY_LOCK = advisoryKey('stream:relay');
/** Events ordered (and published) in one transaction. */
export const RELAY_BATCH = 5_000;
/** How often the relay looks for new events when the last look found none. */
const IDLE_MS = 100;
/** After a failure (database or NATS), the relay tries again this much later. */
const RETRY_MS = 1_000;
/**
 * Stored events are kept an hour, six times the replay window (STREAM_REPLAY_MINUTES): a client
 * further behind gets `reset`. The relay prunes every few minutes, in batches.
 */
const KEEP = sql`interval '1 hour'`;
const PRUNE_EVERY_MS = 5 * 60_000;
const PRUNE_BATCH = 10_000;

type Row = Parameters<typeof toEvent>[0];

/**
 * Makes the stream events this transaction writes from here on take their seqs as they are written
 * (migration 0040), instead of waiting for the relay to give them: for a transaction that writes
 * thousands (a settlement chunk). It takes the relay's turn from its first event to its commit
 * (migration 0044: the relay skips meanwhile), so it suits a transaction that ends soon after.
 */
export async function orderOwnEvents(tx: Pick<Db, 'execute'>) {
  await tx.execute(sql`select set_config('minecloud.stream_order', 'now', true)`);
}

/**
 * The live stream's relay. Money transactions only write their events into the outbox
 * (`stream_events`, migration 0033): no NOTIFY, whose cluster-wide lock would make their commits take
 * turns. The relay reads what has committed, in id order, and gives it the stream's order (`seq`) in
 * a transaction of its own, one relay transaction at a time: so the events of one batch are all
 * visible before any later seq exists, and a reader that has seq n and reads `seq > n` never skips
 * one (an id is taken when its transaction writes, and commits in another order; a seq is given only
 * once committed). Then it hands the batch on (RelayOutput). Every process that runs jobs runs a
 * relay; the lock makes all but one skip their turn.
 */
export class StreamRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = true;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly output: RelayOutput,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly clock: () => number = Date.now,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = null;
      });
    }, ms);
    this.timer.unref();
  }

  private async loop() {
    let next = IDLE_MS;
    try {
      const { ordered, handedOn } = await this.tick();
      if (ordered === RELAY_BATCH || handedOn === RELAY_BATCH) next = 0;
      if (this.clock() - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = this.clock();
        await this.prune();
      }
    } catch (error) {
      next = RETRY_MS;
      this.onError(error);
    }
    this.schedule(next);
  }

  /**
   * One turn: orders what has committed since the last (at most a batch), and hands on (at most a
   * batch). Resolves how many events each step took (0 and 0: another relay had the turn, or nothing
   * was new). Throws when the output failed: the same events are handed on at the next turn.
   */
  async tick(): Promise<{ ordered: number; handedOn: number }> {
    const step = await this.order();
    if (step === null) return { ordered: 0, handedOn: 0 };
    if (this.output.kind === 'local' && step.handedOn > 0) this.output.ordered();
    const handedOn = this.output.kind === 'nats' ? await this.publish() : step.handedOn;
    return { ordered: step.ordered, handedOn };
  }

  /**
   * Gives the committed events without a seq theirs, in id order. Without NATS, it also hands on
   * every seq given since the last turn, by itself or by a transaction that ordered its own events
   * (migration 0040): one NOTIFY up to the newest. Null: another relay had the turn.
   */
  private async order(): Promise<{ ordered: number; handedOn: number } | null> {
    const handsOn = this.output.kind !== 'nats';
    return this.db.transaction(async (tx) => {
      if (!(await this.turn(tx))) return null;
      // Each pending event is found by its id in stream_events_pending_idx. Left to itself the
      // planner hashed a scan of the whole outbox (an hour of events) for every batch: 146 ms a
      // batch of 5,000 at 300,000 events, growing with the outbox, against 56-61 ms this way at
      // 300,000 and 600,000.
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true),
                   set_config('enable_mergejoin', 'off', true)`,
      );
      // One statement: the next seqs after the last given, by id, and the relay's position moved on
      // (not written when nothing is new: an idle turn writes nothing, so its commit waits for no disk).
      const [row] = await queryRows<{ count: string; assigned: string; handed: string }>(
        tx,
        sql`with pending as (
              select id, row_number() over (order by id) as n
              from stream_events where seq is null order by id limit ${RELAY_BATCH}),
            position as (select assigned, published from stream_relay where id = 1),
            ordered as (
              update stream_events e set seq = position.assigned + pending.n
              from pending, position where e.id = pending.id and e.seq is null returning e.seq)
            update stream_relay set
              assigned = assigned + (select count(*) from ordered),
              published = case when ${handsOn} then assigned + (select count(*) from ordered) else published end
            where id = 1 and (exists (select 1 from ordered) or (${handsOn} and published < assigned))
            returning (select count(*) from ordered)::text as count, assigned::text,
              (case when ${handsOn} then assigned - (select published from position) else 0 end)::text as handed`,
      );
      const handedOn = Number(row?.handed ?? 0);
      // PostgreSQL without NATS: one NOTIFY for all that is handed on, once it commits.
      if (handedOn > 0 && this.output.kind === 'notify') {
        await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${row?.assigned ?? ''})`);
      }
      return { ordered: Number(row?.count ?? 0), handedOn };
    });
  }

  /** Publishes what was ordered and not yet published (NATS), then records it as published. */
  private async publish(): Promise<number> {
    if (this.output.kind !== 'nats') return 0;
    const { publish } = this.output;
    return this.db.transaction(async (tx) => {
      if (!(await this.turn(tx))) return 0;
      const rows = await queryRows<Row & { seq: string }>(
        tx,
        sql`select e.seq::text as id, e.user_id::text, e.kind, e.data from stream_events e, stream_relay r
            where r.id = 1 and e.seq > r.published and e.seq <= r.assigned
            order by e.seq limit ${RELAY_BATCH}`,
      );
      if (rows.length === 0) return 0;
      const events = rows.map(toEvent);
      // A crash after this and before the commit publishes these again: NATS drops a message whose
      // id it has seen (modules/stream/nats.ts), and every hub drops a seq it has delivered.
      await publish(events);
      await tx.execute(sql`update stream_relay set published = ${events.at(-1)?.id ?? 0} where id = 1`);
      return events.length;
    });
  }

  /**
   * Whether this transaction has the relay's turn (held until it ends). A transaction that orders
   * its own events takes the same turn, to its commit (migration 0044): until then the relay skips.
   */
  private async turn(tx: Pick<Db, 'execute'>): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RELAY_LOCK}::bigint) as ok`,
    );
    return row?.ok === true;
  }

  /** Deletes the handed-on events older than the keeping time, a batch a statement. */
  async prune(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await queryRows<{ id: string }>(
        this.db,
        // Oldest first by seq (its index), those past the keeping time; the first one still kept
        // ends the batch short, and the prune with it: seqs follow commit order, so few older
        // events lie beyond it, and the next prune takes them.
        sql`delete from stream_events where seq in (
              select seq from stream_events where seq is not null order by seq limit ${PRUNE_BATCH})
            and created_at < now() - ${KEEP}
            returning id::text`,
      );
      deleted += rows.length;
      if (rows.length < PRUNE_BATCH) return deleted;
    }
  }
}
