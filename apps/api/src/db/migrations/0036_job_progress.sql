-- A chunked job's period in progress (jobs/runner.ts, docs/operations.md section 5): the daily
-- settlement pays members a range of ids at a time, each range in a transaction of its own that also
-- moves this row on, so a crash resumes after the last range that committed.
CREATE TABLE "job_progress" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"prepared" jsonb NOT NULL,
	"next_from" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	CONSTRAINT "job_progress_job_period_pk" PRIMARY KEY("job","period")
);
