-- The notification list index includes every column a page shows (type, seen_at, detail), so a
-- page is read from the index alone instead of looking up each notification by its primary key
-- (the notifications service's list statement). A detail holds a buyer's name (at most 100
-- characters each part), an order and an invoice number and their ids: a few hundred bytes, far
-- below a btree entry's limit (about 2,700 bytes, and an entry over 512 bytes is compressed).
DROP INDEX "notifications_user_happened_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_happened_idx" ON "notifications" USING btree ("user_id","happened_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("type","seen_at","detail");
