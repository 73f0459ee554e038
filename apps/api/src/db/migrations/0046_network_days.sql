-- What the Bitcoin network paid on each settlement day (docs/economy.md, "Mining output and
-- settlement"): the day's blocks as the source gave them, and their totals. Settling a day in the
-- network mode pays from these rows, and members recompute the day from them.
CREATE TABLE "network_days" (
	"day" date PRIMARY KEY NOT NULL,
	-- 'node' (a Bitcoin Core node, BTC_RPC_URL) or 'simulated' (the demo's chain).
	"source" text NOT NULL,
	"first_height" integer NOT NULL,
	"last_height" integer NOT NULL,
	"blocks" integer NOT NULL,
	"subsidy" bigint NOT NULL,
	"fees" bigint NOT NULL,
	-- Σ of the blocks' work (hashes), as chainwork adds it up: up to 2^256, so numeric.
	"work" numeric(80, 0) NOT NULL,
	-- BTC one TH/s earned in the day before the pool fee (packages/contract/src/network-day.ts).
	"btc_per_th" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_days_source_known" CHECK ("network_days"."source" in ('node', 'simulated'))
);--> statement-breakpoint
CREATE TABLE "network_blocks" (
	"day" date NOT NULL,
	"height" integer NOT NULL,
	"hash" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"bits" text NOT NULL,
	"subsidy" bigint NOT NULL,
	"fees" bigint NOT NULL,
	CONSTRAINT "network_blocks_day_height_pk" PRIMARY KEY("day","height"),
	CONSTRAINT "network_blocks_day_network_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."network_days"("day")
);--> statement-breakpoint
-- How each settled day was paid: at the operator's fixed rate, or at the network's less the pool fee.
ALTER TABLE "settlement_days" ADD COLUMN "output" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_days" ADD COLUMN "pool_fee" text;--> statement-breakpoint
ALTER TABLE "settlement_days" ADD CONSTRAINT "settlement_days_output_known" CHECK ("settlement_days"."output" in ('fixed', 'network'));--> statement-breakpoint
-- A period a job waits for, and why (jobs/runner.ts, JobDefinition.waitFor): the console shows it
-- and /metrics how long it has waited. The row goes once the period has run.
CREATE TABLE "job_waits" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_waits_job_period_pk" PRIMARY KEY("job","period")
);
