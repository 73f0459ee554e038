-- A transaction that orders its own stream events (migration 0040) takes the relay's turn for it:
-- the transaction-scoped advisory lock the relay holds while it orders (modules/stream/relay.ts,
-- RELAY_LOCK, advisoryKey('stream:relay'): the first 8 bytes of the name's SHA-256 as a signed
-- bigint, computed here the same way), held to its commit. The relay then skips its turn until the
-- transaction's events are visible, and needs no lock on its position row: a row lock writes to
-- the row, so every idle turn of the relay (ten a second) would have written and flushed a commit.
CREATE OR REPLACE FUNCTION "stream_transfers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  n bigint;
BEGIN
  IF current_setting('minecloud.stream_order', true) = 'now' THEN
    PERFORM pg_advisory_xact_lock(('x' || left(encode(sha256('stream:relay'), 'hex'), 16))::bit(64)::bigint);
    SELECT assigned INTO base FROM stream_relay WHERE id = 1;
    INSERT INTO stream_events (user_id, kind, data, seq)
    SELECT e.user_id, e.kind, e.data, base + row_number() OVER ()
    FROM (
      SELECT DISTINCT a.user_id,
        CASE WHEN t.kind IN ('referral_reward', 'pool_payout', 'mining_output', 'equity_yield')
               AND a.id = t.credit_account_id THEN 'reward' ELSE 'balance' END AS kind,
        jsonb_build_object('asset', t.asset, 'transfer', t.kind) AS data
      FROM moved t CROSS JOIN LATERAL (
        SELECT id, user_id FROM accounts WHERE id = t.debit_account_id
        UNION ALL
        SELECT id, user_id FROM accounts WHERE id = t.credit_account_id) a
      WHERE a.user_id IS NOT NULL) e;
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE stream_relay SET assigned = base + n WHERE id = 1;
  ELSE
    INSERT INTO stream_events (user_id, kind, data)
    SELECT DISTINCT a.user_id,
      CASE WHEN t.kind IN ('referral_reward', 'pool_payout', 'mining_output', 'equity_yield')
             AND a.id = t.credit_account_id THEN 'reward' ELSE 'balance' END,
      jsonb_build_object('asset', t.asset, 'transfer', t.kind)
    FROM moved t CROSS JOIN LATERAL (
      SELECT id, user_id FROM accounts WHERE id = t.debit_account_id
      UNION ALL
      SELECT id, user_id FROM accounts WHERE id = t.credit_account_id) a
    WHERE a.user_id IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stream_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  n bigint;
BEGIN
  IF current_setting('minecloud.stream_order', true) = 'now' THEN
    PERFORM pg_advisory_xact_lock(('x' || left(encode(sha256('stream:relay'), 'hex'), 16))::bit(64)::bigint);
    SELECT assigned INTO base FROM stream_relay WHERE id = 1;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO stream_events (user_id, kind, data, seq)
      SELECT user_id, 'notification', jsonb_build_object('id', id::text, 'kind', kind),
        base + row_number() OVER (ORDER BY id)
      FROM after_rows;
    ELSE
      INSERT INTO stream_events (user_id, kind, data, seq)
      SELECT a.user_id, 'notification', jsonb_build_object('id', a.id::text, 'kind', a.kind),
        base + row_number() OVER (ORDER BY a.id)
      FROM after_rows a JOIN before_rows b ON b.id = a.id
      WHERE a.params IS DISTINCT FROM b.params;
    END IF;
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE stream_relay SET assigned = base + n WHERE id = 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO stream_events (user_id, kind, data)
    SELECT user_id, 'notification', jsonb_build_object('id', id::text, 'kind', kind)
    FROM after_rows ORDER BY id;
  ELSE
    INSERT INTO stream_events (user_id, kind, data)
    SELECT a.user_id, 'notification', jsonb_build_object('id', a.id::text, 'kind', a.kind)
    FROM after_rows a JOIN before_rows b ON b.id = a.id
    WHERE a.params IS DISTINCT FROM b.params ORDER BY a.id;
  END IF;
  RETURN NULL;
END;
$$;
