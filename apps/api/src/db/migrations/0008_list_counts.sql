CREATE TABLE "company_invoice_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"invoices" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_order_counts" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "company_order_counts_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
CREATE TABLE "user_notification_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"notifications" integer NOT NULL
);
--> statement-breakpoint
-- The counts follow every insert, delete and change of company or status, in the same
-- transaction. Both rows of a status change are written in one statement in status order, so
-- two transactions changing the same company's orders never lock its rows in opposite orders.
CREATE FUNCTION company_order_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO company_order_counts AS c (company_id, status, orders)
    SELECT d.company_id, d.status, sum(d.delta)::int FROM (
      SELECT OLD.company_id AS company_id, OLD.status AS status, -1 AS delta WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT NEW.company_id, NEW.status, 1 WHERE TG_OP <> 'DELETE'
    ) d GROUP BY d.company_id, d.status ORDER BY d.company_id, d.status
  ON CONFLICT (company_id, status) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER company_order_counts_follow AFTER INSERT OR DELETE OR UPDATE OF company_id, status
  ON "orders" FOR EACH ROW EXECUTE FUNCTION company_order_counts_follow();
--> statement-breakpoint
CREATE FUNCTION company_invoice_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE company_invoice_counts SET invoices = invoices - 1 WHERE company_id = OLD.company_id;
    RETURN NULL;
  END IF;
  INSERT INTO company_invoice_counts AS c (company_id, invoices) VALUES (NEW.company_id, 1)
  ON CONFLICT (company_id) DO UPDATE SET invoices = c.invoices + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER company_invoice_counts_follow AFTER INSERT OR DELETE
  ON "invoices" FOR EACH ROW EXECUTE FUNCTION company_invoice_counts_follow();
--> statement-breakpoint
CREATE FUNCTION user_notification_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_notification_counts SET notifications = notifications - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO user_notification_counts AS c (user_id, notifications) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET notifications = c.notifications + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_notification_counts_follow AFTER INSERT OR DELETE OR UPDATE OF user_id
  ON "notifications" FOR EACH ROW EXECUTE FUNCTION user_notification_counts_follow();
--> statement-breakpoint
-- What is there already.
INSERT INTO company_order_counts (company_id, status, orders)
  SELECT company_id, status, count(*)::int FROM orders GROUP BY company_id, status;
--> statement-breakpoint
INSERT INTO company_invoice_counts (company_id, invoices)
  SELECT company_id, count(*)::int FROM invoices GROUP BY company_id;
--> statement-breakpoint
INSERT INTO user_notification_counts (user_id, notifications)
  SELECT user_id, count(*)::int FROM notifications GROUP BY user_id;
