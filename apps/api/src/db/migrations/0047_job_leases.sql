-- Periodic jobs (payment reconciliation, VAT recheck) run in one API process of all those on the
-- database: each turn goes to the process that takes the job's lease (platform/periodic-job.ts).
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
