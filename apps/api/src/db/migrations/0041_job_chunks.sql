-- The ranges of a chunked job's period still to do (jobs/runner.ts, docs/operations.md section 5
-- "Chunks"), one row each, listed by its first step: two connections (or two processes) work on the
-- settlement at once, each claiming the next range with FOR UPDATE SKIP LOCKED and deleting it in
-- the transaction that pays it. A range whose transaction died stays listed for the next start.
-- They replace job_progress's single position, which only one chunk at a time could move on.
CREATE TABLE "job_chunks" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"from_id" bigint NOT NULL,
	"to_id" bigint NOT NULL,
	CONSTRAINT "job_chunks_job_period_from_id_pk" PRIMARY KEY("job","period","from_id")
);--> statement-breakpoint
-- A period in progress when this runs goes on where it stood (10,000 member ids a range, as then).
INSERT INTO "job_chunks" ("job", "period", "from_id", "to_id")
SELECT "job", "period", f, least(f + 9999, "last_id")
FROM "job_progress", generate_series("next_from", "last_id", 10000) f;--> statement-breakpoint
ALTER TABLE "job_progress" DROP COLUMN "next_from";--> statement-breakpoint
ALTER TABLE "job_progress" DROP COLUMN "last_id";
