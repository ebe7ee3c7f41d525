CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"structure" bigint NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "product_stock_changes" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"xid" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_changes" ADD CONSTRAINT "product_stock_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_changes_xid_idx" ON "product_stock_changes" USING btree ("xid");
--> statement-breakpoint
INSERT INTO catalog_version (id, structure) VALUES (1, 0);
--> statement-breakpoint
-- One bump per transaction, however many rows it changes: a transaction-local setting remembers
-- it (and is undone with the transaction or savepoint that made it).
CREATE FUNCTION catalog_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.catalog_structure_changed', true) IS DISTINCT FROM 'yes' THEN
    UPDATE catalog_version SET structure = structure + 1 WHERE id = 1;
    PERFORM set_config('portal.catalog_structure_changed', 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER INSERT OR DELETE OR TRUNCATE
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
-- Writers of a product's text, price, images or activity set its updated_at; stock and sales
-- numbers (orders, views) do not, and are followed below instead.
CREATE TRIGGER catalog_structure_changed_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "category_translations" FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "product_translations" FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_structure_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION catalog_structure_changed();
--> statement-breakpoint
-- The product's row is locked by the change already, so its row here adds no contention.
CREATE FUNCTION product_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_changes (product_id, xid)
    VALUES (NEW.id, pg_current_xact_id()::text::bigint)
  ON CONFLICT (product_id) DO UPDATE SET xid = EXCLUDED.xid;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_changed AFTER UPDATE OF quantity, is_in_stock, backorderable, buyers
  ON "products" FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.is_in_stock IS DISTINCT FROM NEW.is_in_stock
    OR OLD.backorderable IS DISTINCT FROM NEW.backorderable OR OLD.buyers IS DISTINCT FROM NEW.buyers)
  EXECUTE FUNCTION product_stock_changed();
