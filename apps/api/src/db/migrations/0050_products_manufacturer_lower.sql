-- Price lists (issue 24): reading a list's discounts (its price book, listings and the feed by
-- its prices) found a manufacturer's products by hashing `lower(manufacturer)` of every product
-- (258 ms at 100,000 products) and a category's by visiting product_categories' rows (22 ms for
-- 8,600). With these, the manufacturer part is an index lookup per rule (1.5 ms) and the category
-- part an index-only scan (7 ms). Expand-only: two indexes added; product_categories_category_idx
-- stays until a contract migration drops it.
CREATE INDEX "products_manufacturer_lower_idx" ON "products" USING btree (lower("manufacturer"));--> statement-breakpoint
CREATE INDEX "product_categories_category_product_idx" ON "product_categories" USING btree ("category_id") INCLUDE ("product_id");
