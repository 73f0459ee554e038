-- The outbox keeps what to send (template, recipient, language, non-secret parameters) and where
-- its delivery stands; the text of the mail is rendered by the mail worker at sending time. A code
-- is kept only sealed (AES-256-GCM) until the mail is sent or given up, or in `demo_code` in demo
-- mode without SMTP. The old rows lose their text: no code survives this migration.
ALTER TABLE "mail_outbox" ADD COLUMN "template" text DEFAULT 'email_code' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "template" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "locale" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_secret" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "demo_code" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "mail_outbox" RENAME COLUMN "error" TO "last_error";
--> statement-breakpoint
UPDATE "mail_outbox" SET
	"status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "last_error" IS NOT NULL THEN 'failed' ELSE 'undeliverable' END,
	"attempts" = CASE WHEN "sent_at" IS NOT NULL OR "last_error" IS NOT NULL THEN 1 ELSE 0 END;
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "subject";
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "text";
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_template" CHECK ("mail_outbox"."template" in ('email_code'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_locale" CHECK ("mail_outbox"."locale" in ('zh-CN', 'en', 'zh-TW', 'ko-KR', 'ms-MY'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'undeliverable', 'demo'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sealed_until_done" CHECK ("mail_outbox"."sealed_secret" is null or "mail_outbox"."status" in ('queued', 'sending'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_demo_code_only_demo" CHECK ("mail_outbox"."demo_code" is null or "mail_outbox"."status" = 'demo');
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" in ('queued', 'sending');
