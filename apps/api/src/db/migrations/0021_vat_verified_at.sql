-- Reverse charge (0 % VAT) needs the buyer's VAT number verified, not only well formed: by the
-- EU's VIES register, or by staff, with the date of that check. A number typed in is
-- unverified until then, and becomes unverified again whenever it changes. Existing numbers
-- start unverified: the daily VIES recheck verifies the active ones.
ALTER TABLE "companies" ADD COLUMN "vat_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoice_addresses" ADD COLUMN "vat_verified_at" timestamp with time zone;
