-- A new notification (or a daily one that grew) is a stream event of its member: the notification
-- centre's badge and list update without polling.
ALTER TABLE "stream_events" DROP CONSTRAINT "stream_events_kind";--> statement-breakpoint
ALTER TABLE "stream_events" ADD CONSTRAINT "stream_events_kind" CHECK ("stream_events"."kind" in ('balance', 'withdrawal', 'reward', 'feedback', 'notification', 'round', 'pool', 'notice'));--> statement-breakpoint
CREATE FUNCTION "stream_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.params IS NOT DISTINCT FROM OLD.params THEN
    RETURN NULL;
  END IF;
  INSERT INTO stream_events (user_id, kind, data)
  VALUES (NEW.user_id, 'notification', jsonb_build_object('id', NEW.id::text, 'kind', NEW.kind))
  RETURNING id INTO new_id;
  PERFORM pg_notify('stream_events', new_id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stream_notifications" AFTER INSERT OR UPDATE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "stream_notifications"();
