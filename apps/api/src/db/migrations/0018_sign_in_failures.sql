-- Failed sign-ins per e-mail address, for the per-account limit (about 100 an hour, then the
-- address pauses). Counted whether or not an account has the address, so the limit tells
-- nothing about which exist. Keyed by a SHA-256 of the lower-cased address, not the address;
-- rows older than an hour are deleted as new failures of the same address come in.
CREATE TABLE "sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("email_key","failed_at");
