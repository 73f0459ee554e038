-- The ledger check's verified points (apps/api/src/ledger/check.ts; docs/operations.md, section 5
-- "Ledger checkpoints"): a check reads only the transfers after the newest checkpoint, so its time
-- does not grow with the ledger's history. The flows are the newest checkpoint's only, one row per
-- account, moved forward in the transaction that records each new checkpoint.
CREATE TABLE "ledger_checkpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_checkpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"upto_transfer_id" bigint NOT NULL,
	"transfers" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_checkpoints_upto_not_negative" CHECK ("ledger_checkpoints"."upto_transfer_id" >= 0)
);--> statement-breakpoint
CREATE TABLE "ledger_checkpoint_flows" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"flow" bigint NOT NULL
);--> statement-breakpoint
ALTER TABLE "ledger_checkpoint_flows" ADD CONSTRAINT "ledger_checkpoint_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
