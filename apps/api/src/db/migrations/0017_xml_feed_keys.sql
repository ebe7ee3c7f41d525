-- The XML feed link's key is a random value stored per user instead of an HMAC of the user id
-- with JWT_SECRET: an owner can replace it (the old link stops working at once) without
-- touching every other user's link or the sessions. Every existing and new user gets one from
-- two random UUIDs (244 random bits, 64 hex characters); a volatile default is computed per row.
ALTER TABLE "users" ADD COLUMN "xml_feed_key" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;
