-- The live stream (modules/stream): what happened, kept for a short window so a client that
-- reconnects with Last-Event-ID gets what it missed. Written by triggers in the transaction of the
-- change itself, and announced by NOTIFY, which PostgreSQL delivers only once that transaction
-- commits, to every API process listening.
CREATE TABLE "stream_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stream_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_events_kind" CHECK ("stream_events"."kind" in ('balance', 'withdrawal', 'reward', 'feedback', 'round', 'pool', 'notice'))
);--> statement-breakpoint
CREATE INDEX "stream_events_user_idx" ON "stream_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "stream_events_created_idx" ON "stream_events" USING btree ("created_at");--> statement-breakpoint
-- Every transfer: a balance event for each member whose account it moved (one per member and
-- statement), and a reward event for the credits that are earnings.
CREATE FUNCTION "stream_transfers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_id bigint;
BEGIN
  WITH ins AS (
    INSERT INTO stream_events (user_id, kind, data)
    SELECT DISTINCT a.user_id,
      CASE WHEN t.kind IN ('referral_reward', 'pool_payout', 'mining_output', 'equity_yield')
             AND a.id = t.credit_account_id THEN 'reward' ELSE 'balance' END,
      jsonb_build_object('asset', t.asset, 'transfer', t.kind)
    FROM moved t JOIN accounts a ON a.id IN (t.debit_account_id, t.credit_account_id)
    WHERE a.user_id IS NOT NULL
    RETURNING id)
  SELECT max(id) INTO last_id FROM ins;
  IF last_id IS NOT NULL THEN
    PERFORM pg_notify('stream_events', last_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_transfers" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION "stream_transfers"();--> statement-breakpoint
-- A withdrawal's status changed (approved, paying, arrived, rejected, ...).
CREATE FUNCTION "stream_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO stream_events (user_id, kind, data)
    VALUES (NEW.user_id, 'withdrawal', jsonb_build_object('id', NEW.id::text, 'asset', NEW.asset, 'status', NEW.status))
    RETURNING id INTO new_id;
    PERFORM pg_notify('stream_events', new_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_withdrawals" AFTER UPDATE OF "status" ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "stream_withdrawals"();--> statement-breakpoint
-- The platform replied to a member's feedback.
CREATE FUNCTION "stream_feedback"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  IF NEW.reply IS NOT NULL AND OLD.reply IS NULL THEN
    INSERT INTO stream_events (user_id, kind, data)
    VALUES (NEW.user_id, 'feedback', jsonb_build_object('id', NEW.id::text))
    RETURNING id INTO new_id;
    PERFORM pg_notify('stream_events', new_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_feedback" AFTER UPDATE OF "reply" ON "feedback"
  FOR EACH ROW EXECUTE FUNCTION "stream_feedback"();
