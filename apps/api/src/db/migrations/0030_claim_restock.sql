-- Back-office I (issue 21): goods a claim sent back may go back into stock when staff record
-- them received; the item keeps how many did (null: none).
ALTER TABLE "claim_items" ADD COLUMN "restocked_quantity" integer;
