-- The simulated provider honours an idempotency key per create call, as Mollie does: a repeat
-- of the same call (an order's Idempotency-Key repeat racing the first request, on the same or
-- another API process) answers the payment the first call created instead of a second one.
-- The portal sends its own payment row's id as the key.
ALTER TABLE "simulated_payments" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payments_idempotency_unique" ON "simulated_payments" USING btree ("idempotency_key");
