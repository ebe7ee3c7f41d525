-- Invoice archives (issue 23): a period's invoice and credit note PDFs as one ZIP, built by a
-- background job; the file lives in the database (any process serves it) until it expires.
CREATE TABLE "invoice_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	"locale" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL CHECK ("status" IN ('queued', 'running', 'ready', 'failed', 'expired')),
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"size_bytes" integer,
	"content" bytea,
	"download_token_hash" text,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);--> statement-breakpoint
-- A member's archives, newest first.
CREATE INDEX "invoice_archives_requester_idx" ON "invoice_archives" ("requested_by", "created_at" DESC);--> statement-breakpoint
-- The worker's queue and the expiry sweep.
CREATE INDEX "invoice_archives_status_idx" ON "invoice_archives" ("status", "created_at");
