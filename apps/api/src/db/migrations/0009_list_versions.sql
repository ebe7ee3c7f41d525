ALTER TABLE "company_invoice_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_order_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notification_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each kept count's version moves (only up) whenever its list's rows or their order may have
-- changed: every insert, delete, change of company, user or status, and change of the sort key,
-- in the same transaction. A process remembers page boundaries of a list for one version
-- (apps/api/src/db/seek-index.ts) and drops them when the page statement answers another.
CREATE OR REPLACE FUNCTION company_order_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id AND OLD.status = NEW.status THEN
    IF OLD.created_at IS NOT DISTINCT FROM NEW.created_at AND OLD.id = NEW.id THEN
      RETURN NULL;
    END IF;
    UPDATE company_order_counts SET version = version + 1
      WHERE company_id = NEW.company_id AND status = NEW.status;
    RETURN NULL;
  END IF;
  INSERT INTO company_order_counts AS c (company_id, status, orders, version)
    SELECT d.company_id, d.status, sum(d.delta)::int, 1 FROM (
      SELECT OLD.company_id AS company_id, OLD.status AS status, -1 AS delta WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT NEW.company_id, NEW.status, 1 WHERE TG_OP <> 'DELETE'
    ) d GROUP BY d.company_id, d.status ORDER BY d.company_id, d.status
  ON CONFLICT (company_id, status) DO UPDATE
    SET orders = c.orders + EXCLUDED.orders, version = c.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER company_order_counts_follow ON "orders";
--> statement-breakpoint
CREATE TRIGGER company_order_counts_follow
  AFTER INSERT OR DELETE OR UPDATE OF company_id, status, created_at, id
  ON "orders" FOR EACH ROW EXECUTE FUNCTION company_order_counts_follow();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_invoice_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id
    AND OLD.issued_at IS NOT DISTINCT FROM NEW.issued_at AND OLD.sequence = NEW.sequence
    AND OLD.id = NEW.id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_invoice_counts SET invoices = invoices - 1, version = version + 1
      WHERE company_id = OLD.company_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO company_invoice_counts AS c (company_id, invoices, version)
      VALUES (NEW.company_id, 1, 1)
    ON CONFLICT (company_id) DO UPDATE SET invoices = c.invoices + 1, version = c.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER company_invoice_counts_follow ON "invoices";
--> statement-breakpoint
CREATE TRIGGER company_invoice_counts_follow
  AFTER INSERT OR DELETE OR UPDATE OF company_id, issued_at, sequence, id
  ON "invoices" FOR EACH ROW EXECUTE FUNCTION company_invoice_counts_follow();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_notification_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id
    AND OLD.happened_at IS NOT DISTINCT FROM NEW.happened_at AND OLD.id = NEW.id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_notification_counts
      SET notifications = notifications - 1, version = version + 1
      WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_notification_counts AS c (user_id, notifications, version)
      VALUES (NEW.user_id, 1, 1)
    ON CONFLICT (user_id) DO UPDATE
      SET notifications = c.notifications + 1, version = c.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER user_notification_counts_follow ON "notifications";
--> statement-breakpoint
CREATE TRIGGER user_notification_counts_follow
  AFTER INSERT OR DELETE OR UPDATE OF user_id, happened_at, id
  ON "notifications" FOR EACH ROW EXECUTE FUNCTION user_notification_counts_follow();
