ALTER TABLE "payout_attempts" ADD COLUMN "signed_block" bigint;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD COLUMN "unclear_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('review','second_review','approved','paying','payout_failed','payout_unclear','arrived','rejected'));
