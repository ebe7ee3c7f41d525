-- Back-office II (issue 22): prices change all day (staff, bulk changes, imports). A price is now
-- followed row by row like stock (product_stock_changes) and applied in place by each process's
-- in-memory catalog, instead of moving catalog_version.structure and rebuilding it (about 15 s
-- at 100,000 products). updated_at alone no longer rebuilds it either: every column it shows is
-- compared itself.
DROP TRIGGER catalog_structure_changed_update ON "products";
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - '{quantity,is_in_stock,backorderable,buyers,views,price_cents,updated_at}'::text[])
      IS DISTINCT FROM
    (to_jsonb(NEW) - '{quantity,is_in_stock,backorderable,buyers,views,price_cents,updated_at}'::text[])
  )
  EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
DROP TRIGGER product_stock_changed ON "products";
--> statement-breakpoint
CREATE TRIGGER product_stock_changed
  AFTER UPDATE OF quantity, is_in_stock, backorderable, buyers, price_cents ON "products" FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.is_in_stock IS DISTINCT FROM NEW.is_in_stock
    OR OLD.backorderable IS DISTINCT FROM NEW.backorderable OR OLD.buyers IS DISTINCT FROM NEW.buyers
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents)
  EXECUTE FUNCTION product_stock_changed();
