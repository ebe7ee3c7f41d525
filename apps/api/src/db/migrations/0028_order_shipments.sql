-- Back-office I (issue 21): an order leaves in one or more parcels. Each shipment has its carrier,
-- one or more tracking numbers and the quantity of each line it holds; the order is shipped
-- (orders.shipped_at) when every line's quantity left in a shipment.
CREATE TABLE "order_shipments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "carrier" text NOT NULL,
  "tracking_numbers" text[] NOT NULL CHECK (cardinality("tracking_numbers") BETWEEN 1 AND 10),
  "staff_user_id" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id", "created_at");
--> statement-breakpoint
CREATE TABLE "order_shipment_lines" (
  "shipment_id" uuid NOT NULL REFERENCES "order_shipments"("id") ON DELETE CASCADE,
  "order_line_id" uuid NOT NULL REFERENCES "order_lines"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  PRIMARY KEY ("shipment_id", "order_line_id")
);
--> statement-breakpoint
CREATE INDEX "order_shipment_lines_line_idx" ON "order_shipment_lines" USING btree ("order_line_id");
--> statement-breakpoint
-- Orders shipped before: one parcel holding every line.
INSERT INTO "order_shipments" ("order_id", "carrier", "tracking_numbers", "created_at")
SELECT "id", coalesce("carrier", ''), ARRAY["tracking_number"], "shipped_at"
FROM "orders"
WHERE "shipped_at" IS NOT NULL AND "tracking_number" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_shipment_lines" ("shipment_id", "order_line_id", "quantity")
SELECT s."id", l."id", l."quantity"
FROM "order_shipments" s
JOIN "order_lines" l ON l."order_id" = s."order_id";
