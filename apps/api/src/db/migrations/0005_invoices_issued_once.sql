-- An issued invoice never changes (corrections are credit notes): the database refuses updates.
CREATE FUNCTION invoices_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % was issued and cannot be changed', OLD.invoice_number;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_issued_once BEFORE UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_refuse_update();
