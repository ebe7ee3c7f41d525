-- Invoice and credit note numbers come from one table of gapless yearly counters, a row per
-- series and year, instead of two tables of the same shape.
CREATE TABLE "document_counters" (
  "series" text NOT NULL CHECK ("series" IN ('invoice', 'credit_note')),
  "year" integer NOT NULL,
  "last_number" integer NOT NULL,
  PRIMARY KEY ("series", "year")
);
--> statement-breakpoint
INSERT INTO "document_counters" ("series", "year", "last_number")
  SELECT 'invoice', "year", "last_number" FROM "invoice_counters"
  UNION ALL
  SELECT 'credit_note', "year", "last_number" FROM "credit_note_counters";
--> statement-breakpoint
DROP TABLE "invoice_counters";
--> statement-breakpoint
DROP TABLE "credit_note_counters";
