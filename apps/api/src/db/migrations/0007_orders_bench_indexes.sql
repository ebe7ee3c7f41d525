DROP INDEX "invoices_company_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "orders_company_idx";--> statement-breakpoint
CREATE INDEX "invoices_company_issued_idx" ON "invoices" USING btree ("company_id","issued_at" DESC NULLS FIRST,"sequence" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "notifications_user_happened_idx" ON "notifications" USING btree ("user_id","happened_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_status_created_idx" ON "orders" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_company_number_idx" ON "orders" USING btree ("company_id","order_number" text_pattern_ops);