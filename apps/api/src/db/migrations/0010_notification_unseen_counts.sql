ALTER TABLE "user_notification_counts" ADD COLUMN "unseen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The kept counts also keep how many of the user's notifications are unseen (seen_at null), in
-- the transaction that inserts, deletes or marks them, so a list reads its unseen count in the
-- same index lookup as its total instead of counting them on every request. Marking seen
-- changes neither the list's rows nor their order: it leaves the version alone.
CREATE OR REPLACE FUNCTION user_notification_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id
    AND OLD.happened_at IS NOT DISTINCT FROM NEW.happened_at AND OLD.id = NEW.id THEN
    IF (OLD.seen_at IS NULL) <> (NEW.seen_at IS NULL) THEN
      UPDATE user_notification_counts
        SET unseen = unseen + CASE WHEN NEW.seen_at IS NULL THEN 1 ELSE -1 END
        WHERE user_id = NEW.user_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_notification_counts
      SET notifications = notifications - 1,
        unseen = unseen - (OLD.seen_at IS NULL)::int,
        version = version + 1
      WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_notification_counts AS c (user_id, notifications, unseen, version)
      VALUES (NEW.user_id, 1, (NEW.seen_at IS NULL)::int, 1)
    ON CONFLICT (user_id) DO UPDATE
      SET notifications = c.notifications + 1,
        unseen = c.unseen + EXCLUDED.unseen,
        version = c.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER user_notification_counts_follow ON "notifications";
--> statement-breakpoint
CREATE TRIGGER user_notification_counts_follow
  AFTER INSERT OR DELETE OR UPDATE OF user_id, happened_at, id, seen_at
  ON "notifications" FOR EACH ROW EXECUTE FUNCTION user_notification_counts_follow();
--> statement-breakpoint
-- What is there already.
UPDATE user_notification_counts AS c SET unseen = u.unseen
  FROM (SELECT user_id, count(*)::int AS unseen FROM notifications
    WHERE seen_at IS NULL GROUP BY user_id) AS u
  WHERE c.user_id = u.user_id;
--> statement-breakpoint
-- Nothing counts the unseen by index any more.
DROP INDEX "notifications_unseen_idx";
