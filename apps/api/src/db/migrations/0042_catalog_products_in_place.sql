-- Back-office II (issue 22): a product's text, pictures, categories or activity changed by staff
-- or an import is applied in place by each process's in-memory catalog, as prices and stock are
-- (migration 0038), instead of moving catalog_version.structure and rebuilding the whole catalog
-- (about 15 s at 100,000 products). Each changed product is followed row by row with the
-- transaction that changed it; catalog_version.products moves once per such transaction (the
-- PostgreSQL read model reads its category counts again). Categories, their names and a
-- TRUNCATE still move the structure version.
CREATE TABLE "catalog_product_changes" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"xid" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_product_changes_xid_idx" ON "catalog_product_changes" USING btree ("xid");
--> statement-breakpoint
ALTER TABLE "catalog_version" ADD COLUMN "products" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- No foreign key: a deleted product is followed too. The product's row is locked by the change
-- already, so its row here adds no contention; the version row moves once per transaction.
CREATE FUNCTION catalog_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  END IF;
  INSERT INTO catalog_product_changes (product_id, xid)
    VALUES (changed, pg_current_xact_id()::text::bigint)
  ON CONFLICT (product_id) DO UPDATE SET xid = EXCLUDED.xid;
  IF current_setting('portal.catalog_products_changed', true) IS DISTINCT FROM 'yes' THEN
    UPDATE catalog_version SET products = products + 1 WHERE id = 1;
    PERFORM set_config('portal.catalog_products_changed', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER catalog_structure_changed ON "products";
--> statement-breakpoint
DROP TRIGGER catalog_structure_changed_update ON "products";
--> statement-breakpoint
DROP TRIGGER catalog_structure_changed ON "product_translations";
--> statement-breakpoint
DROP TRIGGER catalog_structure_changed ON "product_categories";
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER TRUNCATE ON "product_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER TRUNCATE ON "product_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_product_changed AFTER INSERT OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
-- Every column the catalog shows but the stock and sales numbers and the price (followed through
-- product_stock_changes) and views (counted by each process itself).
CREATE TRIGGER catalog_product_changed_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - '{quantity,is_in_stock,backorderable,buyers,views,price_cents,updated_at}'::text[])
      IS DISTINCT FROM
    (to_jsonb(NEW) - '{quantity,is_in_stock,backorderable,buyers,views,price_cents,updated_at}'::text[])
  )
  EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_product_changed AFTER INSERT OR DELETE ON "product_translations"
  FOR EACH ROW EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_product_changed_update AFTER UPDATE ON "product_translations" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_product_changed AFTER INSERT OR DELETE ON "product_categories"
  FOR EACH ROW EXECUTE FUNCTION catalog_product_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_product_changed_update AFTER UPDATE ON "product_categories" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION catalog_product_changed();
