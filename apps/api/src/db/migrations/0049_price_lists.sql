-- Price lists (issue 24): a company may be given one price list; its buyers then see and pay
-- the list's prices: a percentage off per category (and the categories under it) or per
-- manufacturer, or fixed prices per product with quantity tiers (from 10, 50, 100 units).
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	-- The first and last day its prices apply (either open); outside them, catalog prices.
	"valid_from" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Moves with every change of the list, its discounts or prices: the processes' cached
	-- prices of the list are rebuilt when it moves.
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_dates_in_order" CHECK ("valid_from" IS NULL OR "valid_until" IS NULL OR "valid_from" <= "valid_until")
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_unique" ON "price_lists" (lower("name"));--> statement-breakpoint
CREATE TABLE "price_list_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
	"category_id" uuid REFERENCES "categories"("id") ON DELETE CASCADE,
	"manufacturer" text,
	-- Basis points: 1800 = 18 % off.
	"percent_bp" integer NOT NULL CHECK ("percent_bp" BETWEEN 1 AND 10000),
	CONSTRAINT "price_list_discounts_one_target" CHECK (("category_id" IS NULL) <> ("manufacturer" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_discounts_category_unique" ON "price_list_discounts" ("price_list_id", "category_id") WHERE "category_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_discounts_manufacturer_unique" ON "price_list_discounts" ("price_list_id", lower("manufacturer")) WHERE "manufacturer" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	-- 1: the product's price in this list; above 1: the price from that many units on.
	"min_quantity" integer NOT NULL CHECK ("min_quantity" >= 1),
	"price_cents" integer NOT NULL CHECK ("price_cents" >= 0),
	PRIMARY KEY ("price_list_id", "product_id", "min_quantity")
);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "price_list_id" uuid REFERENCES "price_lists"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "companies_price_list_idx" ON "companies" ("price_list_id") WHERE "price_list_id" IS NOT NULL;
