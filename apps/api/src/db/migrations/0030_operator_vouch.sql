-- An approver must be vouched for by someone other than whoever set it up (docs/operations.md,
-- "Approvers and vouching"): an owner who creates, promotes or resets an owner or finance account
-- knows its one-time password, so the account is that owner's hands until another approver vouches.
ALTER TABLE "operators" ADD COLUMN "set_up_by_id" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "vouch_needed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "vouched_by_id" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "vouched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_set_up_by_id_operators_id_fk" FOREIGN KEY ("set_up_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_vouched_by_id_operators_id_fk" FOREIGN KEY ("vouched_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_vouch_not_self" CHECK ("operators"."vouched_by_id" <> "operators"."id" and "operators"."vouched_by_id" <> "operators"."set_up_by_id");--> statement-breakpoint
CREATE TABLE "platform_facts" (
	"fact" text PRIMARY KEY NOT NULL,
	"established_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- An existing database with two or more approvers already has four eyes; its accounts count as vouched.
INSERT INTO "platform_facts" ("fact")
  SELECT 'four-eyes' WHERE (SELECT count(*) FROM "operators" WHERE "role" IN ('owner','finance')) >= 2;--> statement-breakpoint
UPDATE "operators" SET "vouched_at" = now()
  WHERE "role" IN ('owner','finance') AND EXISTS (SELECT 1 FROM "platform_facts" WHERE "fact" = 'four-eyes');
