-- Quotes (issue 24): a buyer asks for prices on products and quantities, staff answer with a
-- price per line and a validity date, the conversation is kept, and the buyer accepts the
-- quote through the normal checkout (the order is placed at the quoted prices).
CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 999999999 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_number" text DEFAULT 'Q' || nextval('quote_number_seq')::text NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	-- 'expired' is not stored: an answered quote whose valid_until has passed.
	"status" text DEFAULT 'requested' NOT NULL CHECK ("status" IN ('requested', 'answered', 'accepted', 'declined')),
	"wished_delivery_date" date,
	-- Set by staff with their answer: the last day the quoted prices may be accepted.
	"valid_until" date,
	"answered_by" uuid REFERENCES "users"("id"),
	"answered_at" timestamp with time zone,
	"order_id" uuid REFERENCES "orders"("id"),
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_answered_has_validity" CHECK ("status" <> 'answered' OR "valid_until" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" ("quote_number");--> statement-breakpoint
-- The buyer's quotes page: a company's quotes newest first, by status or all.
CREATE INDEX "quotes_company_idx" ON "quotes" ("company_id", "created_at" DESC, "id");--> statement-breakpoint
-- The back office: every company's quotes by status, newest first.
CREATE INDEX "quotes_status_idx" ON "quotes" ("status", "created_at" DESC, "id");--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE CASCADE,
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	"position" integer NOT NULL,
	"quantity" integer NOT NULL CHECK ("quantity" > 0),
	-- The catalog price when the buyer asked, for staff to compare with.
	"list_price_cents" integer NOT NULL CHECK ("list_price_cents" >= 0),
	-- Staff's price per unit; null until answered (and again while the buyer asks again).
	"unit_price_cents" integer CHECK ("unit_price_cents" >= 0),
	PRIMARY KEY ("quote_id", "product_id")
);--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE CASCADE,
	"author_id" uuid NOT NULL REFERENCES "users"("id"),
	-- 'request', 'answer', 'ask_again', 'decline', 'accept': what the message came with.
	"kind" text NOT NULL CHECK ("kind" IN ('request', 'answer', 'ask_again', 'decline', 'accept')),
	"body" text,
	-- A staff answer's offer as it was sent: lines with prices, total and validity.
	"offer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" ("quote_id", "created_at", "id");
