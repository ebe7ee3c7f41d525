-- Back-office II (issue 22): an import's checked rows one per row instead of one JSON value on
-- the job, so a worker reads one batch at a time by position (measured with bench:import: a
-- 100,000-row file made the importing process 231 MB larger while the job held them all).
ALTER TABLE "import_jobs" DROP COLUMN "rows";
--> statement-breakpoint
CREATE TABLE "import_job_rows" (
  "job_id" uuid NOT NULL REFERENCES "import_jobs"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "row" jsonb NOT NULL,
  CONSTRAINT "import_job_rows_pk" PRIMARY KEY ("job_id", "position")
);
