-- Payment reconciliation asks the provider about open payments in order of when each is due
-- next, not oldest first: with 100 or more still open at the provider, the oldest were asked
-- again every run and newer ones never (501 due, 13 minutes untouched). A checked payment that
-- is still open is due again later, the wait doubling with each check (at most a day).
-- null: never checked, due once it is older than the reconcile delay.
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_checks" integer DEFAULT 0 NOT NULL;
