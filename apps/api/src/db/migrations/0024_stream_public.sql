-- Public events of the live stream: the up/down rounds (one event per period for the newest round a
-- statement opened or settled: a catch-up after downtime is one event, not thousands) and the
-- prize pool (its size changes with every share of a purchase, a forge and the payouts).
CREATE FUNCTION "stream_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_id bigint;
BEGIN
  WITH newest AS (
    SELECT DISTINCT ON (period) period, period_no, start_at, end_at, result, open_price, close_price
    FROM changed ORDER BY period, start_at DESC),
  ins AS (
    INSERT INTO stream_events (user_id, kind, data)
    SELECT NULL, 'round', jsonb_build_object(
      'period', period, 'periodNo', period_no::text, 'startAt', start_at, 'endAt', end_at,
      'state', CASE WHEN result IS NULL THEN 'opened' ELSE 'settled' END,
      'result', result, 'open', open_price::text, 'close', close_price::text)
    FROM newest
    RETURNING id)
  SELECT max(id) INTO last_id FROM ins;
  IF last_id IS NOT NULL THEN
    PERFORM pg_notify('stream_events', last_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_rounds_opened" AFTER INSERT ON "rounds" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "stream_rounds"();--> statement-breakpoint
CREATE TRIGGER "stream_rounds_settled" AFTER UPDATE ON "rounds" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "stream_rounds"();--> statement-breakpoint
CREATE FUNCTION "stream_pool"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM moved WHERE kind IN ('pool_share', 'pool_forge', 'pool_payout')) THEN
    INSERT INTO stream_events (user_id, kind, data) VALUES (NULL, 'pool', '{}'::jsonb) RETURNING id INTO new_id;
    PERFORM pg_notify('stream_events', new_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_pool" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION "stream_pool"();
