-- Spending limits and approvals (issue 24): an owner gives a purchaser an order limit and/or a
-- monthly budget; an order above either waits for an owner's approval instead of being placed.
ALTER TABLE "users" ADD COLUMN "order_limit_cents" integer CHECK ("order_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_budget_cents" integer CHECK ("monthly_budget_cents" >= 0);--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'approved', 'declined', 'withdrawn')),
	"reason" text NOT NULL CHECK ("reason" IN ('order_limit', 'monthly_budget')),
	-- The cart as it was asked for: product, quantity, and the unit price of that moment.
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	-- No foreign keys: the company may delete an address meanwhile; approving then says so.
	"delivery_address_id" uuid NOT NULL,
	"invoice_address_id" uuid,
	"payment_method" text NOT NULL,
	"comment" text,
	"locale" text NOT NULL,
	"decided_by" uuid REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"order_id" uuid REFERENCES "orders"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The approvals page: a company's requests newest first, by status or all; a purchaser's own.
CREATE INDEX "order_approvals_company_idx" ON "order_approvals" ("company_id", "status", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "order_approvals_requester_idx" ON "order_approvals" ("requested_by", "created_at" DESC, "id");
