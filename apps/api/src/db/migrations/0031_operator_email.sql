-- Operators' email for security notices (docs/operations.md, "Settings that guard money"): an
-- address counts only once the operator entered the code mailed to it (`email` is set then, with
-- the language it was confirmed in), so a notice never goes to an address nobody proved. The code
-- is one of email_codes, held by an operator instead of a member; the outbox learns the two mails.
ALTER TABLE "operators" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "email_locale" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_email_confirmed" CHECK (("operators"."email" is null) = ("operators"."email_confirmed_at" is null));--> statement-breakpoint
ALTER TABLE "email_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_one_holder" CHECK (("email_codes"."user_id" is null) <> ("email_codes"."operator_id" is null));--> statement-breakpoint
CREATE INDEX "email_codes_operator_idx" ON "email_codes" USING btree ("operator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_template";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_template" CHECK ("mail_outbox"."template" in ('email_code', 'address_added', 'operator_email_code', 'setting_notice'));
