-- Back-office I (issue 21): the staff's order list, internal order notes and the audit log.

-- The staff's order list: every company's orders newest first, by total, by order number prefix.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents" DESC, "id" DESC);
--> statement-breakpoint
-- It INCLUDEs the sort keys: a search by number prefix sorts its matches from the index alone.
CREATE INDEX "orders_number_pattern_idx" ON "orders" USING btree ("order_number" text_pattern_ops) INCLUDE ("created_at", "total_cents");
--> statement-breakpoint
-- "To ship": paid orders not shipped yet, counted for the list's tab.
CREATE INDEX "orders_to_ship_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC)
  WHERE "status" = 'processing' AND "shipped_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "order_notes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "staff_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "note" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id", "created_at");
--> statement-breakpoint
CREATE TABLE "audit_log" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "staff_user_id" uuid NOT NULL REFERENCES "users"("id"),
  "action" text NOT NULL,
  "entity_type" text NOT NULL,
  "entity_id" uuid NOT NULL,
  "entity_label" text,
  "before" jsonb,
  "after" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type", "entity_id", "created_at" DESC);
--> statement-breakpoint
-- What staff did is never rewritten: the database refuses to update, delete or truncate it.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
