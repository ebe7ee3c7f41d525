-- Shopping lists (issue 23): named lists of products a company orders again, private to their
-- creator or shared with the company.
CREATE TABLE "shopping_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"created_by" uuid NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The lists page: a company's lists, newest change first.
CREATE INDEX "shopping_lists_company_idx" ON "shopping_lists" ("company_id", "updated_at" DESC, "id");--> statement-breakpoint
CREATE TABLE "shopping_list_lines" (
	"list_id" uuid NOT NULL REFERENCES "shopping_lists"("id") ON DELETE CASCADE,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"quantity" integer NOT NULL CHECK ("quantity" > 0),
	"note" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("list_id", "product_id")
);--> statement-breakpoint
-- A product's deletion cascades to the lines: found by product.
CREATE INDEX "shopping_list_lines_product_idx" ON "shopping_list_lines" ("product_id");
