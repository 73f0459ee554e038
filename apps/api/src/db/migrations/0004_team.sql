CREATE TABLE "pool_contributions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pool_contributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pool_contributions_kind_known" CHECK ("pool_contributions"."kind" in ('purchase','forge')),
	CONSTRAINT "pool_contributions_positive" CHECK ("pool_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "pool_entries" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"forged" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"rank" integer,
	"new_performance" bigint,
	"weight_pct" integer,
	"amount" bigint,
	"transfer_id" bigint,
	CONSTRAINT "pool_entries_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "pool_rounds" (
	"day" date PRIMARY KEY NOT NULL,
	"rollover_in" bigint NOT NULL,
	"funded" bigint NOT NULL,
	"pool" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"rounding" bigint NOT NULL,
	"rollover_out" bigint NOT NULL,
	"participants" integer NOT NULL,
	"weights" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pool_rounds_balanced" CHECK ("pool_rounds"."pool" = "pool_rounds"."rollover_in" + "pool_rounds"."funded" and "pool_rounds"."pool" = "pool_rounds"."paid" + "pool_rounds"."rounding" + "pool_rounds"."rollover_out")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"beneficiary_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"generation" smallint NOT NULL,
	"purchase_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"reference" text NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_rewards_generation" CHECK ("referral_rewards"."generation" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "team_daily_totals" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "team_daily_totals_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_performance" (
	"user_id" bigint NOT NULL,
	"department" smallint NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_performance_user_id_department_pk" PRIMARY KEY("user_id","department")
);
--> statement-breakpoint
CREATE TABLE "team_performance_daily" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"department" smallint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "team_performance_daily_day_user_id_department_pk" PRIMARY KEY("day","user_id","department")
);
--> statement-breakpoint
CREATE TABLE "team_rollups" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"deltas" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_totals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pool_contributions_day_idx" ON "pool_contributions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "pool_entries_rank_idx" ON "pool_entries" USING btree ("day","rank");--> statement-breakpoint
CREATE INDEX "referral_rewards_beneficiary_idx" ON "referral_rewards" USING btree ("beneficiary_id","buyer_id");--> statement-breakpoint
CREATE INDEX "team_daily_totals_rank_idx" ON "team_daily_totals" USING btree ("day","amount" desc,"user_id");--> statement-breakpoint
CREATE INDEX "team_totals_rank_idx" ON "team_totals" USING btree ("performance" desc,"user_id");--> statement-breakpoint
WITH RECURSIVE tree AS (
	SELECT "id", 0 AS "depth" FROM "users" WHERE "inviter_id" IS NULL
	UNION ALL
	SELECT u."id", tree."depth" + 1 FROM "users" u JOIN tree ON u."inviter_id" = tree."id"
)
UPDATE "users" SET "depth" = tree."depth" FROM tree WHERE "users"."id" = tree."id";--> statement-breakpoint
INSERT INTO "team_deltas" ("user_id", "day", "amount", "members")
SELECT "id", "created_at"::date, 0, 1 FROM "users" WHERE "inviter_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "team_deltas" ("user_id", "day", "amount", "members")
SELECT "user_id", "day", "amount_usdt", 0 FROM "performance_events";--> statement-breakpoint
UPDATE "users" SET "level" = 1, "identity" = 'regular'
WHERE "level" = 0 AND "id" IN (SELECT "user_id" FROM "performance_events");
