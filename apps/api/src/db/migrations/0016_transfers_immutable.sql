-- Transfers only grow, like the audit log: a correction is a new transfer, never an edit.
CREATE FUNCTION "transfers_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfers rows cannot be changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transfers_immutable" BEFORE UPDATE OR DELETE ON "transfers"
  FOR EACH ROW EXECUTE FUNCTION "transfers_immutable"();--> statement-breakpoint
CREATE TRIGGER "transfers_no_truncate" BEFORE TRUNCATE ON "transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION "transfers_immutable"();--> statement-breakpoint
-- The kinds of TRANSFER_KINDS (apps/api/src/ledger/accounts.ts); ledger.test.ts keeps the two equal.
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_kind_known" CHECK ("transfers"."kind" in ('gift', 'donation', 'topup', 'claim', 'adjustment', 'miner_purchase', 'referral_reward', 'pool_share', 'pool_forge', 'pool_payout', 'rounding', 'withdraw_lock', 'withdraw_release', 'withdraw_payout', 'withdraw_fee', 'deposit', 'mining_output', 'equity_purchase', 'equity_yield'));
