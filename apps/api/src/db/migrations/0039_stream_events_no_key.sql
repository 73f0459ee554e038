-- The live stream's outbox (docs/operations.md, "The live stream") keeps no primary key. Nothing
-- looks an event up by its id once the relay has ordered it: readers and the prune go by seq
-- (stream_events_seq_idx), and the relay finds pending events by id in stream_events_pending_idx.
-- The key cost every money transaction an index entry on the event's insert and another on its
-- ordering (the UPDATE that sets seq is not HOT): about a tenth of a small money write's rate
-- (bench/outbox.ts), and two million entries on a settlement day. The id stays: its sequence is
-- still the order in which events were written, which the relay follows.
ALTER TABLE "stream_events" DROP CONSTRAINT "stream_events_pkey";
