-- Back-office II (issue 22): pictures staff upload for the shop itself, the dashboard slider's
-- banners and the categories' icons, kept in the database like product pictures (decision 013).
-- Each is stored once, resized, as WebP; WebP does not compress further, so it is kept EXTERNAL.
CREATE TABLE "shop_pictures" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "purpose" text NOT NULL CHECK ("purpose" IN ('banner', 'category_icon')),
  "content" bytea NOT NULL,
  "uploaded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_pictures" ALTER COLUMN "content" SET STORAGE EXTERNAL;
