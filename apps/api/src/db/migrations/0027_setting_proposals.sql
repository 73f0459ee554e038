-- Four eyes on the settings that guard money (docs/operations.md, "Settings that guard money"): a
-- change that loosens a guarded setting waits here until a second operator approves it, and only
-- then becomes a row of setting_changes. The checks keep an approval or rejection by the proposer
-- out even if the code were wrong.
CREATE TABLE "setting_proposals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setting_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"before" jsonb,
	"asked_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_id" bigint,
	"decided_at" timestamp with time zone,
	"change_id" bigint,
	CONSTRAINT "setting_proposals_status_known" CHECK ("setting_proposals"."status" in ('pending','approved','rejected','withdrawn','expired')),
	CONSTRAINT "setting_proposals_decided" CHECK (("setting_proposals"."status" = 'pending') = ("setting_proposals"."decided_at" is null)),
	CONSTRAINT "setting_proposals_approved" CHECK (("setting_proposals"."status" = 'approved') = ("setting_proposals"."change_id" is not null)),
	CONSTRAINT "setting_proposals_second_operator" CHECK ("setting_proposals"."status" not in ('approved','rejected') or "setting_proposals"."decided_by_id" <> "setting_proposals"."proposed_by_id")
);
--> statement-breakpoint
ALTER TABLE "setting_proposals" ADD CONSTRAINT "setting_proposals_proposed_by_id_operators_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_proposals" ADD CONSTRAINT "setting_proposals_decided_by_id_operators_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_proposals" ADD CONSTRAINT "setting_proposals_change_id_setting_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."setting_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "setting_proposals_status_idx" ON "setting_proposals" USING btree ("status","created_at","id");
