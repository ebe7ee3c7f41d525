-- Back-office I (issue 21): staff cancel a paid order that has not left. Its invoice is credited
-- in full by a credit note that belongs to no claim (one per order), and an online payment is
-- refunded through its provider: the payment keeps what was refunded, the provider's refund id
-- and when. The simulated provider keeps its refund (one per payment) and the key it was asked with.
ALTER TABLE "credit_notes" ALTER COLUMN "claim_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "claim_item_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_claim_or_cancel"
  CHECK (("claim_id" IS NULL) = ("claim_item_id" IS NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_order_cancel_unique" ON "credit_notes" USING btree ("order_id")
  WHERE "claim_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "simulated_payments" ADD COLUMN "refunded_cents" integer;
--> statement-breakpoint
ALTER TABLE "simulated_payments" ADD COLUMN "refund_key" text;
