-- Back-office I (issue 21): staff find a company by a part of its name (trigrams serve ILIKE
-- '%…%') or by the start of its VAT number, whatever the case.
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "companies_vat_number_idx" ON "companies" USING btree (upper("vat_number") text_pattern_ops);
