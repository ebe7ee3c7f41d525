-- The order and invoice list indexes include every column a list page shows, so a page is read
-- from the index alone (an index-only scan of the company's entries) instead of looking up each
-- row by its primary key: the order list's and invoice list's statements (order-history and
-- invoices services) read their page's rows from these indexes.
DROP INDEX "orders_company_created_idx";--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("order_number","status","payment_method","total_cents","tax_cents","shipping_cents","tracking_number","user_id");--> statement-breakpoint
DROP INDEX "orders_company_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_company_status_created_idx" ON "orders" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("order_number","payment_method","total_cents","tax_cents","shipping_cents","tracking_number","user_id");--> statement-breakpoint
DROP INDEX "invoices_company_issued_idx";--> statement-breakpoint
CREATE INDEX "invoices_company_issued_idx" ON "invoices" USING btree ("company_id","issued_at" DESC NULLS FIRST,"sequence" DESC NULLS FIRST,"id") INCLUDE ("invoice_number","bill_to_name","order_id","payment_method","total_cents");
