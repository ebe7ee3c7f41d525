-- Back-office II (issue 22): pictures staff upload for a product, kept in the database like claim
-- files (decision 013: every API process serves them, backups hold them). Each is stored resized
-- once, as WebP, for the product page (detail) and for lists (thumbnail); products.images lists
-- their paths in the product's order, beside any drawn by the demo seed.
CREATE TABLE "product_images" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "detail" bytea NOT NULL,
  "thumbnail" bytea NOT NULL,
  "uploaded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");
