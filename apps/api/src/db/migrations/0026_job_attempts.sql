-- Retries of the scheduled jobs (docs/operations.md, section 5 "Retries"). A run's work and its
-- `job_runs` row commit together or not at all; a run that fails leaves one row here instead,
-- written after the work was rolled back (to a savepoint, under the job's advisory lock), so the
-- attempts are counted and the backoff survives a restart. `round` is the job's latest period when
-- the attempt was made: the retry budget is per round, so the next scheduled start tries again.
CREATE TABLE "job_attempts" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"attempt" integer NOT NULL,
	"round" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"error" text NOT NULL,
	CONSTRAINT "job_attempts_pk" PRIMARY KEY("job","period","attempt")
);--> statement-breakpoint
-- Which attempt a finished run was (1 when it ran first time).
ALTER TABLE "job_runs" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;
