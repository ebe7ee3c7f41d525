-- Back-office I (issue 21): the staff list's "shipped" tab (paid orders with a parcel out, not yet
-- completed), newest first. Without it the tab walked the whole date index when few orders are
-- shipped and not completed (3.7 s at 1,000,000 orders and none shipped), as "to ship" did before
-- orders_to_ship_idx.
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC)
  WHERE "status" = 'processing' AND "shipped_at" IS NOT NULL;
