-- Back-office II (issue 22): product and stock files imported in the background. The checked
-- rows are kept with the job; a worker takes a job with SKIP LOCKED and applies it in batches,
-- each batch and its progress in one transaction, so a restart resumes after the last batch
-- (a job whose worker stopped answering is taken again once its heartbeat is 30 s old).
CREATE TABLE "import_jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "file_name" text NOT NULL,
  "columns" text[] NOT NULL,
  "rows" jsonb NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "total" integer NOT NULL,
  "processed" integer DEFAULT 0 NOT NULL,
  "created" integer DEFAULT 0 NOT NULL,
  "updated" integer DEFAULT 0 NOT NULL,
  "unchanged" integer DEFAULT 0 NOT NULL,
  "error" text,
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "heartbeat_at" timestamp with time zone,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "import_jobs_open_idx" ON "import_jobs" USING btree ("created_at")
  WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("created_at" DESC);
