-- The catalog read model on PostgreSQL alone (CATALOG_READ_MODEL=postgres, decision 012): what
-- a product is found by, kept per product by triggers whoever writes it and searched through
-- trigram indexes (words and codes by prefix; the words within one typo of a term are looked up
-- in catalog_words), and the listing orders as indexes of the active products. The in-memory
-- read model does not use them.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Words of a text, lower case, accents removed, letters and digits only, each between spaces:
-- ' bateria 12v ' (catalog/read-model/text.ts tokenizes the same way).
CREATE FUNCTION catalog_text_words(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT ' ' || btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
    '[^[:alnum:]]+', ' ', 'g')) || ' '
$$;
--> statement-breakpoint
-- A SKU, reference or EAN compared without case, spaces or punctuation: 'bat-lp 01' = 'batlp01'.
CREATE FUNCTION catalog_code(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
    '[^[:alnum:]]+', '', 'g')
$$;
--> statement-breakpoint
CREATE TABLE "product_search" (
  "product_id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  -- manufacturer, replaced models, suitable devices and the titles in every language
  "words" text NOT NULL,
  -- SKU, reference, EAN and replaced models, compacted
  "codes" text NOT NULL
);
--> statement-breakpoint
-- Every word products were ever found by, for looking up the words within one typo of a term
-- (by its first two letters and length, or by a pattern for a typo in those letters).
CREATE TABLE "catalog_words" ("word" text COLLATE "C" PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE FUNCTION product_search_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search (product_id, words, codes)
  SELECT p.id,
    catalog_text_words(concat_ws(' ', p.manufacturer, array_to_string(p.replaced_models, ' '),
      array_to_string(p.suitable_devices, ' '),
      (SELECT string_agg(t.title, ' ') FROM product_translations t WHERE t.product_id = p.id))),
    ' ' || coalesce((SELECT string_agg(c.code, ' ') FROM
      unnest(ARRAY[catalog_code(p.sku), catalog_code(p.reference), catalog_code(p.ean)]
        || ARRAY(SELECT catalog_code(m) FROM unnest(p.replaced_models) m)) AS c(code)
      WHERE c.code <> ''), '') || ' '
  FROM products p WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET words = excluded.words, codes = excluded.codes;
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w.word FROM product_search s, unnest(string_to_array(btrim(s.words), ' ')) AS w(word)
  WHERE s.product_id = ANY(ids) AND w.word <> ''
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION product_search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.sku, n.reference, n.ean, n.manufacturer, n.replaced_models, n.suitable_devices)
      IS DISTINCT FROM (o.sku, o.reference, o.ean, o.manufacturer, o.replaced_models,
        o.suitable_devices)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_search_titles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_products_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_products_inserted();
--> statement-breakpoint
CREATE TRIGGER product_search_products_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_products_updated();
--> statement-breakpoint
CREATE TRIGGER product_search_titles_insert AFTER INSERT ON "product_translations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_titles_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_titles_update AFTER UPDATE ON "product_translations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_titles_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_titles_delete AFTER DELETE ON "product_translations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_titles_changed();
--> statement-breakpoint
SELECT product_search_refresh(ARRAY(SELECT id FROM products));
--> statement-breakpoint
CREATE INDEX "product_search_words_idx" ON "product_search" USING gin ("words" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "product_search_codes_idx" ON "product_search" USING gin ("codes" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The listing orders of the active products, popularity (best sellers, then most viewed, then
-- SKU) breaking ties as the in-memory index does.
CREATE INDEX "products_best_seller_idx" ON "products"
  ("buyers" DESC, "views" DESC, "sku" COLLATE "C") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_most_viewed_idx" ON "products"
  ("views" DESC, "buyers" DESC, "sku" COLLATE "C") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_new_arrival_idx" ON "products"
  ("created_at" DESC, "buyers" DESC, "views" DESC, "sku" COLLATE "C") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products"
  ("price_cents", "buyers" DESC, "views" DESC, "sku" COLLATE "C") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products"
  ("price_cents" DESC, "buyers" DESC, "views" DESC, "sku" COLLATE "C") WHERE "is_active";
