CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_hits_not_negative" CHECK ("rate_limits"."hits" >= 0)
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");
