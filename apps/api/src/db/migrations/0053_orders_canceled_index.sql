-- Back-office I (issue 21): the staff list's "canceled" tab (canceled and failed orders), newest
-- first. The tab walked the date index and read each order's row to test its status: 15 % of
-- the orders are canceled or failed in the bench, so its tenth page read about 1,700 rows for 25.
-- Measured on the 1,000,000 orders of bench:orders-seed (pgbench, the page's prepared statement,
-- pages 1-10): 1.0 ms of PostgreSQL CPU a page before, 0.64-0.73 ms after. The other tabs gained
-- nothing measurable from an index of their own (awaiting payment 0.55 -> 0.65, completed
-- 0.69 -> 0.75 ms, within the spread): their orders are common enough that the date index finds
-- a page quickly.
CREATE INDEX "orders_canceled_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC)
  WHERE "status" IN ('canceled', 'failed');
