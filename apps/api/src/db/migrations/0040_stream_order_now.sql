-- A transaction that writes many events can give them their order itself (docs/operations.md, "The
-- live stream"): with `minecloud.stream_order` set to 'now' in it (set local), the stream triggers
-- lock the relay's position row, write their events with the next seqs and move the position on.
-- The lock is held to the commit, so no later seq is given (by the relay or another such
-- transaction) before these are visible: a reader that has seq n and reads `seq > n` still never
-- skips one. The daily settlement's chunks do this: two events a member, two million on a day of a
-- million members, that the relay would otherwise rewrite one by one to give each its seq (an UPDATE
-- of an indexed column: a new row version and two index entries each). Every other transaction
-- writes its events without a seq, as before, and the relay orders them.
CREATE OR REPLACE FUNCTION "stream_transfers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  n bigint;
BEGIN
  IF current_setting('minecloud.stream_order', true) = 'now' THEN
    SELECT assigned INTO base FROM stream_relay WHERE id = 1 FOR UPDATE;
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
    SELECT assigned INTO base FROM stream_relay WHERE id = 1 FOR UPDATE;
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
