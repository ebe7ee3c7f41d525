-- An order takes its lines' units from stock in one statement (issue 19, placing an order): the
-- products' rows locked in one fixed order (by id, so concurrent orders of the same products
-- queue instead of deadlocking), the cause the stock movements record set, and the units taken
-- where they fit. Before, these were three statements, and the rows stayed locked while the API
-- sent each of them: every order of a product waited for those round trips of the one before.
-- Answers the ids of the products whose units were taken; a product missing from the answer did
-- not have them. Expand-only: a new function, used by this release alone.
CREATE FUNCTION reserve_stock(
  wanted_ids uuid[],
  wanted_quantities integer[],
  stock_reason text,
  stock_user text,
  stock_reference text
) RETURNS SETOF uuid LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = ANY (wanted_ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM set_config('portal.stock_reason', stock_reason, true),
    set_config('portal.stock_user', coalesce(stock_user, ''), true),
    set_config('portal.stock_reference', coalesce(stock_reference, ''), true),
    set_config('portal.stock_note', '', true);
  RETURN QUERY
    WITH taken AS (
      UPDATE products SET quantity = products.quantity - wanted.quantity
      FROM unnest(wanted_ids, wanted_quantities) AS wanted (id, quantity)
      WHERE products.id = wanted.id AND products.is_active AND products.is_in_stock
        AND products.quantity >= wanted.quantity
      RETURNING products.id
    )
    SELECT taken.id FROM taken;
END;
$$;
