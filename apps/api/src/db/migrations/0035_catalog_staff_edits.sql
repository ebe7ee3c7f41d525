-- Back-office II (issue 22): staff edit the catalog.
-- A product's description per language, beside its title (empty: not written yet).
ALTER TABLE "product_translations" ADD COLUMN "description" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Stock never goes below zero, whoever writes it: orders take units only when there are enough
-- (place-order.ts) and staff corrections are refused past zero; this is the last guard.
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_not_negative" CHECK ("quantity" >= 0);
--> statement-breakpoint
-- Every change of a product's stock, with why, who and what it belongs to. Written by the
-- triggers below whoever changes the quantity: the writer says why in transaction-local settings
-- (catalog/stock-movements.ts); a change nobody explained (a hand-made UPDATE) is a correction.
CREATE TABLE "stock_movements" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "change" integer NOT NULL,
  "quantity_after" integer NOT NULL,
  -- received, sold, returned, correction, order_canceled
  "reason" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  -- the order or claim number it belongs to
  "reference" text,
  "note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id", "id" DESC);
--> statement-breakpoint
CREATE FUNCTION product_stock_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movements (product_id, change, quantity_after, reason, user_id, reference, note)
  VALUES (
    NEW.id,
    NEW.quantity - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.quantity END,
    NEW.quantity,
    coalesce(nullif(current_setting('portal.stock_reason', true), ''),
      CASE WHEN TG_OP = 'INSERT' THEN 'received' ELSE 'correction' END),
    nullif(current_setting('portal.stock_user', true), '')::uuid,
    nullif(current_setting('portal.stock_reference', true), ''),
    nullif(current_setting('portal.stock_note', true), '')
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_moved AFTER UPDATE OF quantity ON "products" FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity) EXECUTE FUNCTION product_stock_moved();
--> statement-breakpoint
CREATE TRIGGER product_stock_first_received AFTER INSERT ON "products" FOR EACH ROW
  WHEN (NEW.quantity <> 0) EXECUTE FUNCTION product_stock_moved();
--> statement-breakpoint
-- The stock the demo catalog (or an earlier version) started with, as its first movement.
INSERT INTO stock_movements (product_id, change, quantity_after, reason, created_at)
SELECT id, quantity, quantity, 'received', created_at FROM products WHERE quantity <> 0;
--> statement-breakpoint
-- Staff filter their product list by manufacturer and sort it by stock.
CREATE INDEX "products_manufacturer_idx" ON "products" USING btree ("manufacturer");
--> statement-breakpoint
CREATE INDEX "products_quantity_idx" ON "products" USING btree ("quantity", "id");
