-- The relay prunes the live stream's outbox in seq order (modules/stream/relay.ts), oldest first,
-- which stream_events_seq_idx already serves; the index on created_at was only for the prune, and
-- cost an entry on every event's insert and another on its ordering (an UPDATE that sets its seq
-- cannot be HOT), two million of each on a settlement day.
DROP INDEX "stream_events_created_idx";
