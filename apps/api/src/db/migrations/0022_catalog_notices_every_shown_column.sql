-- A product change rebuilds the catalog index when any column but the stock and sales numbers
-- (followed row by row through product_stock_changes, or not shown) differs, whoever writes it:
-- before, only updated_at and is_active were looked at, and a price written alone was never seen.
DROP TRIGGER catalog_structure_changed_update ON "products";
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - '{quantity,is_in_stock,backorderable,buyers,views}'::text[])
      IS DISTINCT FROM (to_jsonb(NEW) - '{quantity,is_in_stock,backorderable,buyers,views}'::text[])
  )
  EXECUTE FUNCTION catalog_structure_changed();
